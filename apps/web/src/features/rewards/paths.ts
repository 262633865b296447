/** The tasks (the spec's welfare page) and what was earned (its award page). */
export const WELFARE_PATH = '/pages/user/welfare';
export const AWARD_PATH = '/pages/user/award';
