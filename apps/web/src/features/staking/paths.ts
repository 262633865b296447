/** The locked staking routes (SPEC §2), for navigation inside this feature. */
export const STAKING_PATHS = {
  overview: '/pages/lockMining/lockMining',
  products: '/pages/lockMining/lockMiningProductList',
  orders: '/pages/lockMining/orders',
  order: '/pages/lockMining/detail',
} as const;

/** The page of one order. */
export const orderPath = (id: number): string => `${STAKING_PATHS.order}?id=${id}`;

/** A positive integer from a route parameter, or null. */
export function idParameter(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
