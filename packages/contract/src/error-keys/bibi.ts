/** Refusal keys of Coin-to-coin orders: features/bibi. Every key exists in every language pack. */
export const BIBI_ERROR_KEYS = [
  /** No coin-to-coin pair has this product code (or productType is not 2). Params: productCode. */
  'error.bibi_unknown_pair',
  /** The pair's book failed its rebuild check at start; it takes no orders until an operator looks. */
  'error.bibi_pair_halted',
  /** The pair's order queue is full; try again shortly. */
  'error.bibi_busy',
  /** Another server process writes this pair's book (PostgreSQL advisory lock); try again. */
  'error.bibi_not_writer',
  /** Demo accounts do not trade coin-to-coin: the book matches real customers' money. */
  'error.bibi_demo_unavailable',
  'error.bibi_price_required',
  'error.bibi_price_invalid',
  'error.bibi_price_not_positive',
  /** Params: tickSize. */
  'error.bibi_price_off_tick',
  'error.bibi_volume_required',
  'error.bibi_volume_invalid',
  'error.bibi_volume_not_positive',
  /** Params: volumeStep. */
  'error.bibi_volume_off_step',
  /** Params: minimumVolume. */
  'error.bibi_volume_below_minimum',
  'error.bibi_amount_required',
  'error.bibi_amount_invalid',
  'error.bibi_amount_not_positive',
  /** The order's USDT value is beyond what one order may move. Params: max. */
  'error.bibi_order_too_large',
  'error.bibi_time_in_force_invalid',
  'error.bibi_post_only_requires_gtc',
  'error.bibi_post_only_would_take',
  'error.bibi_fok_unfillable',
  /** Unknown id, or another customer's order (the two are not told apart). */
  'error.bibi_order_not_found',
  /** The order is already filled, cancelled or expired. */
  'error.bibi_order_finished',
  /** Params: max. */
  'error.bibi_open_orders_limit',
] as const;
