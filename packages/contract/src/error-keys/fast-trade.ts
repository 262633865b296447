/**
 * Refusal keys of Fast trades: features/fast-trade. Every key exists in every language pack.
 * Fast trades also refuse with shared keys: the trade keys (error.market_closed, error.product_locked,
 * error.fee_not_configured, error.position_type_unavailable), error.insufficient_balance, the
 * idempotency keys and the amount format keys (error.amount_invalid, _not_positive, _precision).
 */
export const FAST_TRADE_ERROR_KEYS = [
  'error.fast_trade_option_not_found',
  /** The option's configured terms cannot be used (an operator's mistake); logged on the server. */
  'error.fast_trade_option_unavailable',
  'error.fast_trade_stake_below_minimum',
  'error.fast_trade_stake_above_maximum',
  /** The available balance is below the option's minUserAmount. */
  'error.fast_trade_balance_below_minimum',
  'error.fast_trade_order_not_found',
  /** The feed has no price for the product, so no open tick can be recorded. */
  'error.fast_trade_no_price',
] as const;
