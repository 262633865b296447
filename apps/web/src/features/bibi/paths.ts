/** The coin-to-coin routes (SPEC §2), as app/routes.tsx registers them. */
export const BIBI_PATH = '/pages/quoteDetail/bibi';
export const BIBI_ORDERS_PATH = '/pages/position/bibiOrder';
