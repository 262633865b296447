/**
 * Refusal keys of spot and contract trading (features/trading). The first four are shared with fast
 * trades and coin-to-coin. Every key exists in every language pack.
 */
export const TRADE_ERROR_KEYS = [
  'error.market_closed',
  'error.product_locked',
  'error.fee_not_configured',
  'error.position_type_unavailable',
] as const;
