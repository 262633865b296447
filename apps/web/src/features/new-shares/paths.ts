/** The new-share routes (SPEC §2), for navigation inside this feature. */
export const NEW_SHARES_PATHS = {
  list: '/pages/newShares/newShares',
  detail: '/pages/newShares/detail',
  history: '/pages/newShares/his',
} as const;

/** The offer page of one offer. */
export const offerPath = (id: number): string => `${NEW_SHARES_PATHS.detail}?id=${id}`;

/** A positive integer from a route parameter, or null. */
export function idParameter(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
