import type { Book } from '@kestrel/contract';
import type { Generated } from 'kysely';

/** Tables of features/fast-trade (see schema.ts for the conventions). Merged into Database there. */
export interface FastTradeTables {
  fast_trade_order: FastTradeOrderTable;
}

/** One fast trade: the terms it was placed under, the open tick, and (once settled) the expiry tick and payout. */
export interface FastTradeOrderTable {
  id: Generated<number>;
  user_id: number;
  book: Book;
  option_id: number;
  product_code: string;
  product_type: number;
  /** 0 up, 1 down. */
  direction: number;
  currency_id: number;
  /** The trade currency's scale when the order was placed: every *_units money column is at it. */
  money_scale: number;
  price_scale: number;
  /** Integer units; read them through CAST(... AS TEXT). */
  stake_units: string | bigint;
  fee_rate: string;
  fee_units: string | bigint;
  duration_value: number;
  duration_label: number;
  duration_ms: number;
  win_ratio: string;
  lose_ratio: string;
  lose_money_method: number;
  open_price_units: string | bigint;
  open_tick_id: string;
  open_tick_source: string;
  open_tick_time: number;
  /** Set in the transaction that inserts the order, so a committed order always has it. */
  open_entry_id: number | null;
  open_time: number;
  expiry_time: number;
  /** 0 open, 1 settled. */
  status: number;
  /** 1 won, 2 lost, 3 tied; null while open. */
  result: number | null;
  settle_price_units: string | bigint | null;
  settle_tick_id: string | null;
  settle_tick_source: string | null;
  settle_tick_time: number | null;
  payout_units: string | bigint | null;
  settle_entry_id: number | null;
  settled_at: number | null;
}
