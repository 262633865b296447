/** The help centre's route (SPEC §2); an article opens on the same route with `?id=<article id>`. */
export const HELP_PATH = '/pages/QA/QA';

export const articlePath = (id: number): string => `${HELP_PATH}?id=${id}`;
