/** The new-share routes (SPEC §2), for navigation inside this feature. */
export const NEW_SHARES_PATHS = {
  list: '/pages/newShares/newShares',
  detail: '/pages/newShares/detail',
  history: '/pages/newShares/his',
} as const;

/** The offer page of one offer. */
export const offerPath = (id: number): string => `${NEW_SHARES_PATHS.detail}?id=${id}`;
