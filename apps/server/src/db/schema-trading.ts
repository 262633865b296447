import type { Book } from '@kestrel/contract';
import type { Generated } from 'kysely';

/** Tables of features/trading (see schema.ts for the conventions). Merged into Database there. */
export interface TradingTables {
  product_trade_setting: ProductTradeSettingTable;
  spot_order: SpotOrderTable;
  contract_position: ContractPositionTable;
}

/** One product's trade settings (seeded for every product; operators own them afterwards). */
export interface ProductTradeSettingTable {
  product_code: string;
  /** "/"-separated leverages, e.g. "1/2/5/10/20/50/100". */
  lever_list: string;
  min_quantity: string;
  max_quantity: string;
  min_margin: string;
  max_margin: string;
  /** Fraction of the available balance one order may use ("1" = all of it). */
  max_balance_share: string;
  min_hold_seconds: number;
  /** '' follows the market session; otherwise JSON `[{weekday, from, to}]` in UTC. */
  trading_windows: string;
  liquidation_method: number;
  liquidation_ratio: string;
  updated_at: number;
}

type Units = string | bigint;

/** Who holds a spot order or a position, and the product with the scales it was traded at. */
interface TradeProductColumns {
  id: Generated<number>;
  user_id: number;
  book: Book;
  product_code: string;
  product_type: number;
  currency_id: number;
  money_scale: number;
  price_scale: number;
  quantity_scale: number;
  contract_size: string;
}

/** Money in units at money_scale (read through CAST(... AS TEXT)); prices and quantities at the product's scales. */
export interface SpotOrderTable extends TradeProductColumns {
  quantity_units: Units;
  buy_price_units: Units;
  buy_amount_units: Units;
  buy_fee_rate: string;
  buy_fee_units: Units;
  buy_tick_id: string;
  buy_tick_source: string;
  buy_entry_id: number | null;
  buy_time: number;
  /** 0 held, 1 sold. */
  status: number;
  sell_price_units: Units | null;
  sell_amount_units: Units | null;
  sell_fee_rate: string | null;
  sell_fee_units: Units | null;
  sell_tick_id: string | null;
  sell_tick_source: string | null;
  sell_entry_id: number | null;
  sell_time: number | null;
  realized_pnl_units: Units | null;
}

export interface ContractPositionTable extends TradeProductColumns {
  /** 0 long, 1 short. */
  direction: number;
  leverage: number;
  quantity_units: Units;
  open_price_units: Units;
  notional_units: Units;
  margin_units: Units;
  open_fee_rate: string;
  open_fee_units: Units;
  stop_profit_units: Units | null;
  stop_loss_units: Units | null;
  liquidation_method: number;
  liquidation_ratio: string;
  loss_limit_units: Units;
  liquidation_price_units: Units | null;
  open_tick_id: string;
  open_tick_source: string;
  open_entry_id: number | null;
  open_time: number;
  closable_time: number;
  /** The time of the tick TP/SL were last checked against: a replayed tick fires only later levels. */
  levels_set_at: number | null;
  /** 0 open, 1 closed. */
  status: number;
  close_price_units: Units | null;
  close_fee_rate: string | null;
  close_fee_units: Units | null;
  close_tick_id: string | null;
  close_tick_source: string | null;
  /** manual, close_all, take_profit, stop_loss, liquidation. */
  close_reason: string | null;
  close_entry_id: number | null;
  close_time: number | null;
  realized_pnl_units: Units | null;
  settled_units: Units | null;
}
