import type { CustomerData } from '../api/customer-keys';

/**
 * What a trade changes (an order, a close, a sale, a settlement, a trigger that fired): the positions
 * and holdings it opened or closed, and the money it moved. Passed to `invalidateCustomerData`.
 */
export const TRADE_CHANGES: readonly CustomerData[] = [
  'positions',
  'spotHoldings',
  'fastTrades',
  'balances',
  'statement',
];
