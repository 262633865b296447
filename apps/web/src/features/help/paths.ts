/** The help centre's route (SPEC §2); an article opens on the same route with `?id=<article id>`. */
export const HELP_PATH = '/pages/QA/QA';

/** The live support chat (features/support), where "contact support" leads. */
export const SUPPORT_CHAT_PATH = '/pages/service/service';

export const articlePath = (id: number): string => `${HELP_PATH}?id=${id}`;
