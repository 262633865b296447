import type { Generated } from 'kysely';
import type { copyTrading } from '@kestrel/contract';

/** Tables of copy trading (migration 0014; see schema.ts for the conventions). */
export interface CopyTradingTables {
  copy_trader: CopyTraderTable;
  copy_relation: CopyRelationTable;
  copy_order: CopyOrderTable;
}

export interface CopyTraderTable {
  id: Generated<number>;
  user_id: number;
  /** 0 active (publishing), 1 stopped. */
  status: number;
  created_at: number;
  stopped_at: number | null;
}

export interface CopyRelationTable {
  id: Generated<number>;
  follower_user_id: number;
  trader_id: number;
  trader_user_id: number;
  /** 0 fixed margin per copy, 1 ratio of the trader's margin. */
  follow_mode: number;
  follow_amount_units: string | bigint | null;
  follow_ratio: string | null;
  max_open_orders: number;
  stop_loss_units: string | bigint | null;
  profit_share_rate: string;
  /** 0 active, 1 ended. */
  status: number;
  end_reason: (typeof copyTrading.COPY_END_REASONS)[number] | null;
  /** Net realized PnL of the follow's closed copies (after fees, before profit share). */
  realized_net_units: string | bigint;
  high_water_mark_units: string | bigint;
  profit_shared_units: string | bigint;
  created_at: number;
  ended_at: number | null;
}

export interface CopyOrderTable {
  id: Generated<number>;
  relation_id: number;
  follower_user_id: number;
  trader_position_id: number;
  state: (typeof copyTrading.COPY_ORDER_STATES)[number];
  follower_position_id: number | null;
  /** Why it was skipped: an `error.*` key and its params as JSON. */
  skip_key: string | null;
  skip_params: string | null;
  net_pnl_units: string | bigint | null;
  profit_share_units: string | bigint | null;
  created_at: number;
  updated_at: number;
}
