/**
 * Every refusal the order book can give, as a typed code grouped under the `orderbook.` subsystem.
 * Bad input is never an exception here: the server turns a code into the envelope's language key.
 */
export const ORDERBOOK_REJECTION_CODES = [
  // Command shape, checked before the book is looked at.
  'orderbook.owner_missing',
  'orderbook.price_not_positive',
  'orderbook.price_off_tick',
  'orderbook.size_not_positive',
  'orderbook.size_off_step',
  'orderbook.size_below_minimum',
  'orderbook.quote_amount_not_positive',
  'orderbook.post_only_requires_gtc',
  'orderbook.time_in_force_invalid',
  'orderbook.side_invalid',
  'orderbook.command_invalid',
  // Decided against the book.
  'orderbook.post_only_would_take',
  'orderbook.fok_unfillable',
  // Cancels.
  'orderbook.unknown_order',
  'orderbook.not_owner',
  'orderbook.order_finished',
] as const;

export type OrderBookRejectionCode = (typeof ORDERBOOK_REJECTION_CODES)[number];

/** Refusals of a pair's configuration (operator data, checked once when a book is built). */
export const PAIR_CONFIG_ERROR_CODES = [
  'orderbook.config_pair_missing',
  'orderbook.config_scale_invalid',
  'orderbook.config_tick_not_positive',
  'orderbook.config_step_not_positive',
  'orderbook.config_minimum_off_step',
  'orderbook.config_fee_rate_out_of_range',
] as const;

export type PairConfigErrorCode = (typeof PAIR_CONFIG_ERROR_CODES)[number];
