/** The locked staking routes (SPEC §2), for navigation inside this feature. */
export const STAKING_PATHS = {
  overview: '/pages/lockMining/lockMining',
  products: '/pages/lockMining/lockMiningProductList',
  orders: '/pages/lockMining/orders',
  order: '/pages/lockMining/detail',
} as const;

/** The page of one order. */
export const orderPath = (id: number): string => `${STAKING_PATHS.order}?id=${id}`;
