/** The live support chat's route (SPEC §2). */
export const SUPPORT_PATH = '/pages/service/service';

/** The help centre (features/help), offered beside the chat. */
export const HELP_CENTRE_PATH = '/pages/QA/QA';
