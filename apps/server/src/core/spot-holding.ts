import { spot } from '@kestrel/contract';

/**
 * The columns a new spot holding's `spot_order` row starts with, whoever writes it (a purchase in
 * features/trading, a new-share delivery in features/new-shares): held, and nothing of a sale yet.
 */
export const UNSOLD_SPOT_ORDER_COLUMNS = {
  status: spot.SPOT_ORDER_STATUS.held,
  sell_price_units: null,
  sell_amount_units: null,
  sell_fee_rate: null,
  sell_fee_units: null,
  sell_tick_id: null,
  sell_tick_source: null,
  sell_entry_id: null,
  sell_time: null,
  realized_pnl_units: null,
} as const;
