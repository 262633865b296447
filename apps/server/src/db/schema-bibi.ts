import type { Generated } from 'kysely';

/** Tables of features/bibi (see schema.ts for the conventions). Merged into Database there. */
export interface BibiTables {
  bibi_pair: BibiPairTable;
  bibi_order: BibiOrderTable;
  bibi_trade: BibiTradeTable;
  bibi_command: BibiCommandTable;
  bibi_snapshot: BibiSnapshotTable;
}

/** Integer units; read them through CAST(... AS TEXT). */
type Units = string | bigint;

/** One coin-to-coin pair: a crypto product with position type 3, quoted in USDT. Operator data. */
export interface BibiPairTable {
  product_code: string;
  base_currency_id: number;
  quote_currency_id: number;
  price_scale: number;
  volume_scale: number;
  /** Decimal strings: the tick, the volume step and the minimum order volume. */
  tick_size: string;
  volume_step: string;
  minimum_volume: string;
  is_enabled: number;
}

export interface BibiOrderTable {
  id: Generated<number>;
  product_code: string;
  /** The engine's order id in the pair's book (null only inside the placing transaction). */
  book_order_id: number | null;
  user_id: number;
  /** 'buy' or 'sell'. */
  side: string;
  /** 0 limit, 1 market. */
  order_method: number;
  time_in_force: string;
  post_only: number;
  price_scale: number;
  volume_scale: number;
  quote_scale: number;
  /** The limit price; null for market orders. */
  price_units: Units | null;
  /** The ordered volume; null for a market buy by USDT amount. */
  volume_units: Units | null;
  /** The USDT budget of a market buy; null otherwise. */
  quote_budget_units: Units | null;
  filled_volume_units: Units;
  /** Sum of fills' price x volume at quote_scale. */
  filled_amount_units: Units;
  remaining_volume_units: Units;
  fee_units: Units;
  frozen_currency_id: number;
  /** What the order still holds frozen (USDT for a buy, the base coin for a sell). */
  frozen_units: Units;
  /** 0 open, 1 filled, 2 cancelled, 3 expired. */
  status: number;
  cancel_reason: string | null;
  market_maker: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface BibiTradeTable {
  id: Generated<number>;
  product_code: string;
  /** The book's fill sequence. */
  sequence: number;
  price_units: Units;
  volume_units: Units;
  /** price x volume at the quote scale. */
  amount_units: Units;
  taker_side: string;
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  taker_user_id: number;
  maker_fee_units: Units;
  taker_fee_units: Units;
  maker_market_maker: number;
  taker_market_maker: number;
  /** The journal entry that settled the fill. */
  entry_id: number;
  created_at: number;
}

export interface BibiCommandTable {
  product_code: string;
  /** 1, 2, 3... per pair: the book's command log position. */
  sequence: number;
  /** The engine command with bigints as decimal strings. */
  command_json: string;
  /** The book's stateHash() after the command. */
  state_hash: string;
  /** The bibi_order the command placed or cancelled. */
  order_id: number;
  created_at: number;
}

export interface BibiSnapshotTable {
  product_code: string;
  /** The last command sequence the snapshot includes. */
  sequence: number;
  /** exportState() with bigints as decimal strings. */
  state_json: string;
  state_hash: string;
  created_at: number;
}
