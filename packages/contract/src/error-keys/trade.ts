/**
 * Refusal keys of spot and contract trading (features/trading). The first four are shared with fast
 * trades and coin-to-coin. Every key exists in every language pack.
 */
export const TRADE_ERROR_KEYS = [
  'error.market_closed',
  'error.product_locked',
  'error.fee_not_configured',
  'error.position_type_unavailable',
  // features/trading: spot and contracts
  'error.leverage_not_allowed',
  'error.take_profit_wrong_side',
  'error.stop_loss_wrong_side',
  'error.quantity_below_minimum',
  'error.quantity_above_maximum',
  'error.margin_below_minimum',
  'error.margin_above_maximum',
  'error.balance_share_exceeded',
  'error.order_amount_required',
  'error.order_too_small',
  'error.product_type_mismatch',
  'error.outside_trading_window',
  'error.minimum_holding_time',
  'error.position_not_found',
  'error.position_closed',
  'error.spot_order_not_found',
  'error.spot_order_sold',
  'error.price_invalid',
  'error.trading_busy',
  'error.open_positions_limit',
] as const;
