import { sql, type Kysely } from 'kysely';
import { copyTrading } from '@kestrel/contract';
import type { Database } from '../../../db/schema';
import {
  bigintValue,
  nullableUnitsText,
  optionalBigintValue,
  requiredUnits,
  units,
  unitsText,
} from '../../../core/columns';
import { readPage, type PageRequest } from '../../../core/paging';
import { POSITION_STATUS_CLOSED } from '../position-repository';

const { COPY_RELATION_STATUS, COPY_TRADER_STATUS } = copyTrading;
type CopyOrderState = (typeof copyTrading.COPY_ORDER_STATES)[number];
type EndReason = (typeof copyTrading.COPY_END_REASONS)[number];

export interface TraderRow {
  id: number;
  userId: number;
  status: number;
  createdAt: number;
}

/** What a customer chooses when they follow a trader. */
export interface NewRelation {
  followerUserId: number;
  traderId: number;
  traderUserId: number;
  followMode: number;
  followAmount: bigint | null;
  followRatio: string | null;
  maxOpenOrders: number;
  stopLoss: bigint | null;
  profitShareRate: string;
}

/** A follow as stored: the choice, and how it has gone since. */
export interface RelationRecord extends NewRelation {
  id: number;
  status: number;
  endReason: EndReason | null;
  realizedNet: bigint;
  highWaterMark: bigint;
  profitShared: bigint;
  createdAt: number;
  endedAt: number | null;
}

export interface CopyOrderRecord {
  id: number;
  relationId: number;
  followerUserId: number;
  traderPositionId: number;
  state: CopyOrderState;
  followerPositionId: number | null;
  skipKey: string | null;
  skipParams: Record<string, string | number> | null;
  netPnl: bigint | null;
  profitShare: bigint | null;
  createdAt: number;
}

// ---- traders ----

export async function findTrader(db: Kysely<Database>, where: { id: number } | { userId: number }) {
  const query = db.selectFrom('copy_trader').select(['id', 'user_id', 'status', 'created_at']);
  const row = await (
    'id' in where ? query.where('id', '=', where.id) : query.where('user_id', '=', where.userId)
  ).executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, status: row.status, createdAt: Number(row.created_at) };
}

/** Active traders, oldest first, at most `limit`. */
export async function activeTraders(db: Kysely<Database>, limit: number): Promise<TraderRow[]> {
  const rows = await db
    .selectFrom('copy_trader')
    .select(['id', 'user_id', 'status', 'created_at'])
    .where('status', '=', COPY_TRADER_STATUS.active)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    status: row.status,
    createdAt: Number(row.created_at),
  }));
}

/** Opts a customer in, or back in: one row per customer. */
export async function activateTrader(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  const updated = await db
    .updateTable('copy_trader')
    .set({ status: COPY_TRADER_STATUS.active, stopped_at: null })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('copy_trader')
    .values({ user_id: userId, status: COPY_TRADER_STATUS.active, created_at: now, stopped_at: null })
    .execute();
}

/** Active -> stopped, exactly once. */
export async function stopTraderRow(db: Kysely<Database>, traderId: number, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('copy_trader')
    .set({ status: COPY_TRADER_STATUS.stopped, stopped_at: now })
    .where('id', '=', traderId)
    .where('status', '=', COPY_TRADER_STATUS.active)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Each trader's active followers. */
export async function followerCounts(db: Kysely<Database>, traderIds: readonly number[]): Promise<Map<number, number>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('copy_relation')
    .select(['trader_id', (eb) => eb.fn.countAll().as('count')])
    .where('trader_id', 'in', traderIds)
    .where('status', '=', COPY_RELATION_STATUS.active)
    .groupBy('trader_id')
    .execute();
  return new Map(rows.map((row) => [row.trader_id, Number(row.count)]));
}

/** Names customers see: the nickname, or the masked login (the caller masks). */
export async function accountNames(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, { nickName: string; login: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_account')
    .select(['id', 'nick_name', 'user_account'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { nickName: row.nick_name, login: row.user_account }]));
}

// ---- a trader's own closed positions (copies excluded) ----

export interface OwnClosedPosition {
  productCode: string;
  direction: number;
  leverage: number;
  priceScale: number;
  moneyScale: number;
  openPrice: bigint;
  closePrice: bigint;
  margin: bigint;
  netPnl: bigint;
  closeTime: number;
}

/** The trader's own closed real positions, newest first, at most `limit`: what the record is computed from. */
export async function ownClosedPositions(
  db: Kysely<Database>,
  userId: number,
  limit: number,
): Promise<OwnClosedPosition[]> {
  const rows = await db
    .selectFrom('contract_position as p')
    .select(['p.product_code', 'p.direction', 'p.leverage', 'p.price_scale', 'p.money_scale', 'p.close_time'])
    .select([
      unitsText('p.open_price_units', 'open_price'),
      nullableUnitsText('p.close_price_units', 'close_price'),
      unitsText('p.margin_units', 'margin'),
      sql<string>`cast(p.realized_pnl_units - p.open_fee_units - p.close_fee_units as text)`.as('net'),
    ])
    .where('p.user_id', '=', userId)
    .where('p.book', '=', 'real')
    .where('p.status', '=', POSITION_STATUS_CLOSED)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('copy_order').select('copy_order.id').whereRef('copy_order.follower_position_id', '=', 'p.id'),
        ),
      ),
    )
    .orderBy('p.close_time', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    productCode: row.product_code,
    direction: row.direction,
    leverage: row.leverage,
    priceScale: row.price_scale,
    moneyScale: row.money_scale,
    openPrice: requiredUnits(row.open_price),
    closePrice: requiredUnits(row.close_price),
    margin: requiredUnits(row.margin),
    netPnl: requiredUnits(row.net),
    closeTime: Number(row.close_time),
  }));
}

export async function countOwnOpenPositions(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('contract_position as p')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('p.user_id', '=', userId)
    .where('p.book', '=', 'real')
    .where('p.status', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('copy_order').select('copy_order.id').whereRef('copy_order.follower_position_id', '=', 'p.id'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- relations ----

const RELATION_COLUMNS = [
  'id',
  'follower_user_id',
  'trader_id',
  'trader_user_id',
  'follow_mode',
  'follow_ratio',
  'max_open_orders',
  'profit_share_rate',
  'status',
  'end_reason',
  'created_at',
  'ended_at',
] as const;

function selectRelations(db: Kysely<Database>) {
  return db
    .selectFrom('copy_relation')
    .select(RELATION_COLUMNS)
    .select([
      nullableUnitsText('follow_amount_units', 'follow_amount'),
      nullableUnitsText('stop_loss_units', 'stop_loss'),
      unitsText('realized_net_units', 'realized_net'),
      unitsText('high_water_mark_units', 'high_water_mark'),
      unitsText('profit_shared_units', 'profit_shared'),
    ]);
}

type RelationRow = Awaited<ReturnType<ReturnType<typeof selectRelations>['executeTakeFirstOrThrow']>>;

function relationOf(row: RelationRow): RelationRecord {
  return {
    id: row.id,
    followerUserId: row.follower_user_id,
    traderId: row.trader_id,
    traderUserId: row.trader_user_id,
    followMode: row.follow_mode,
    followAmount: units(row.follow_amount),
    followRatio: row.follow_ratio,
    maxOpenOrders: row.max_open_orders,
    stopLoss: units(row.stop_loss),
    profitShareRate: row.profit_share_rate,
    status: row.status,
    endReason: row.end_reason,
    realizedNet: requiredUnits(row.realized_net),
    highWaterMark: requiredUnits(row.high_water_mark),
    profitShared: requiredUnits(row.profit_shared),
    createdAt: Number(row.created_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
  };
}

export async function findRelation(db: Kysely<Database>, relationId: number): Promise<RelationRecord | undefined> {
  const row = await selectRelations(db).where('id', '=', relationId).executeTakeFirst();
  return row && relationOf(row);
}

export async function followerRelations(
  db: Kysely<Database>,
  followerUserId: number,
  page: PageRequest,
): Promise<{ rows: RelationRecord[]; total: number }> {
  return readPage(
    selectRelations(db).where('follower_user_id', '=', followerUserId).orderBy('status').orderBy('id', 'desc'),
    page,
    relationOf,
  );
}

export async function activeRelationsOfTrader(db: Kysely<Database>, traderId: number, limit: number) {
  const rows = await selectRelations(db)
    .where('trader_id', '=', traderId)
    .where('status', '=', COPY_RELATION_STATUS.active)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(relationOf);
}

/** Active follows that carry a stop-loss, oldest first: what the stop-loss watch looks at. */
export async function relationsWithStopLoss(db: Kysely<Database>, limit: number): Promise<RelationRecord[]> {
  const rows = await selectRelations(db)
    .where('status', '=', COPY_RELATION_STATUS.active)
    .where('stop_loss_units', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(relationOf);
}

export async function countActiveFollows(db: Kysely<Database>, followerUserId: number): Promise<number> {
  const row = await db
    .selectFrom('copy_relation')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('follower_user_id', '=', followerUserId)
    .where('status', '=', COPY_RELATION_STATUS.active)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertRelation(db: Kysely<Database>, relation: NewRelation, now: number): Promise<number> {
  const row = await db
    .insertInto('copy_relation')
    .values({
      follower_user_id: relation.followerUserId,
      trader_id: relation.traderId,
      trader_user_id: relation.traderUserId,
      follow_mode: relation.followMode,
      follow_amount_units: optionalBigintValue(relation.followAmount),
      follow_ratio: relation.followRatio,
      max_open_orders: relation.maxOpenOrders,
      stop_loss_units: optionalBigintValue(relation.stopLoss),
      profit_share_rate: relation.profitShareRate,
      status: COPY_RELATION_STATUS.active,
      end_reason: null,
      realized_net_units: bigintValue(0n),
      high_water_mark_units: bigintValue(0n),
      profit_shared_units: bigintValue(0n),
      created_at: now,
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Active -> ended, exactly once. */
export async function endRelation(
  db: Kysely<Database>,
  relationId: number,
  reason: EndReason,
  now: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('copy_relation')
    .set({ status: COPY_RELATION_STATUS.ended, end_reason: reason, ended_at: now })
    .where('id', '=', relationId)
    .where('status', '=', COPY_RELATION_STATUS.active)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The follow's result after a copy closed; checked against what was read, under the follower's lock. */
export async function setRelationResult(
  db: Kysely<Database>,
  relation: RelationRecord,
  result: { realizedNet: bigint; highWaterMark: bigint; profitShared: bigint },
): Promise<void> {
  const updated = await db
    .updateTable('copy_relation')
    .set({
      realized_net_units: bigintValue(result.realizedNet),
      high_water_mark_units: bigintValue(result.highWaterMark),
      profit_shared_units: bigintValue(result.profitShared),
    })
    .where('id', '=', relation.id)
    .where('realized_net_units', '=', bigintValue(relation.realizedNet))
    .where('profit_shared_units', '=', bigintValue(relation.profitShared))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`copy relation ${relation.id} changed under its close`);
}

// ---- copied orders ----

function selectOrders(db: Kysely<Database>) {
  return db
    .selectFrom('copy_order')
    .select([
      'id',
      'relation_id',
      'follower_user_id',
      'trader_position_id',
      'state',
      'follower_position_id',
      'skip_key',
      'skip_params',
      'created_at',
    ])
    .select([nullableUnitsText('net_pnl_units', 'net_pnl'), nullableUnitsText('profit_share_units', 'profit_share')]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

function orderOf(row: OrderRow): CopyOrderRecord {
  return {
    id: row.id,
    relationId: row.relation_id,
    followerUserId: row.follower_user_id,
    traderPositionId: row.trader_position_id,
    state: row.state,
    followerPositionId: row.follower_position_id,
    skipKey: row.skip_key,
    skipParams: row.skip_params === null ? null : (JSON.parse(row.skip_params) as Record<string, string | number>),
    netPnl: units(row.net_pnl),
    profitShare: units(row.profit_share),
    createdAt: Number(row.created_at),
  };
}

/**
 * Offers a trader's new position to every active follow of the trader (at most `limit`), as pending
 * copies, inside the opening's transaction: a crash after the commit still leaves them to be copied.
 */
export async function offerToFollows(
  db: Kysely<Database>,
  traderUserId: number,
  traderPositionId: number,
  now: number,
  limit: number,
): Promise<number> {
  const follows = await db
    .selectFrom('copy_relation')
    .innerJoin('copy_trader', 'copy_trader.id', 'copy_relation.trader_id')
    .select(['copy_relation.id', 'copy_relation.follower_user_id'])
    .where('copy_relation.trader_user_id', '=', traderUserId)
    .where('copy_relation.status', '=', COPY_RELATION_STATUS.active)
    .where('copy_trader.status', '=', COPY_TRADER_STATUS.active)
    .orderBy('copy_relation.id')
    .limit(limit)
    .execute();
  if (follows.length === 0) return 0;
  await db
    .insertInto('copy_order')
    .values(
      follows.map((follow) => ({
        relation_id: follow.id,
        follower_user_id: follow.follower_user_id,
        trader_position_id: traderPositionId,
        state: 'pending' as const,
        follower_position_id: null,
        skip_key: null,
        skip_params: null,
        net_pnl_units: null,
        profit_share_units: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return follows.length;
}

export async function pendingOrders(db: Kysely<Database>, limit: number): Promise<CopyOrderRecord[]> {
  const rows = await selectOrders(db).where('state', '=', 'pending').orderBy('id').limit(limit).execute();
  return rows.map(orderOf);
}

/** Open copies whose trader position has closed: they close at the trader's tick. */
export async function ordersToCloseWithTrader(db: Kysely<Database>, limit: number): Promise<CopyOrderRecord[]> {
  const rows = await selectOrders(db)
    .where('state', '=', 'open')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('contract_position')
          .select('contract_position.id')
          .whereRef('contract_position.id', '=', 'copy_order.trader_position_id')
          .where('contract_position.status', '=', POSITION_STATUS_CLOSED),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(orderOf);
}

export async function orderOfFollowerPosition(
  db: Kysely<Database>,
  followerPositionId: number,
): Promise<CopyOrderRecord | undefined> {
  const row = await selectOrders(db).where('follower_position_id', '=', followerPositionId).executeTakeFirst();
  return row && orderOf(row);
}

export async function relationOrdersInState(
  db: Kysely<Database>,
  relationId: number,
  states: readonly CopyOrderState[],
  limit: number,
): Promise<CopyOrderRecord[]> {
  const rows = await selectOrders(db)
    .where('relation_id', '=', relationId)
    .where('state', 'in', states)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(orderOf);
}

export async function relationOrdersPage(
  db: Kysely<Database>,
  relationId: number,
  page: PageRequest,
): Promise<{ rows: CopyOrderRecord[]; total: number }> {
  return readPage(selectOrders(db).where('relation_id', '=', relationId).orderBy('id', 'desc'), page, orderOf);
}

/** Per follow: how many copies are open and how many were skipped. */
export async function orderCounts(
  db: Kysely<Database>,
  relationIds: readonly number[],
): Promise<Map<number, { open: number; skipped: number }>> {
  const counts = new Map<number, { open: number; skipped: number }>();
  if (relationIds.length === 0) return counts;
  const rows = await db
    .selectFrom('copy_order')
    .select(['relation_id', 'state', (eb) => eb.fn.countAll().as('count')])
    .where('relation_id', 'in', relationIds)
    .where('state', 'in', ['open', 'skipped'])
    .groupBy(['relation_id', 'state'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.relation_id) ?? { open: 0, skipped: 0 };
    if (row.state === 'open') entry.open = Number(row.count);
    else entry.skipped = Number(row.count);
    counts.set(row.relation_id, entry);
  }
  return counts;
}

export async function latestSkipped(db: Kysely<Database>, relationId: number): Promise<CopyOrderRecord | undefined> {
  const row = await selectOrders(db)
    .where('relation_id', '=', relationId)
    .where('state', '=', 'skipped')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && orderOf(row);
}

export async function countOrders(db: Kysely<Database>, relationId: number, state: CopyOrderState): Promise<number> {
  const row = await db
    .selectFrom('copy_order')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('relation_id', '=', relationId)
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moves one copy from `from` to its next state, exactly once; false when another change got there first. */
export async function moveOrder(
  db: Kysely<Database>,
  orderId: number,
  from: CopyOrderState,
  to: {
    state: CopyOrderState;
    followerPositionId?: number;
    skip?: { key: string; params: Record<string, string | number> };
    netPnl?: bigint;
    profitShare?: bigint;
  },
  now: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('copy_order')
    .set({
      state: to.state,
      updated_at: now,
      ...(to.followerPositionId !== undefined ? { follower_position_id: to.followerPositionId } : {}),
      ...(to.skip ? { skip_key: to.skip.key, skip_params: JSON.stringify(to.skip.params).slice(0, 500) } : {}),
      ...(to.netPnl !== undefined ? { net_pnl_units: bigintValue(to.netPnl) } : {}),
      ...(to.profitShare !== undefined ? { profit_share_units: bigintValue(to.profitShare) } : {}),
    })
    .where('id', '=', orderId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A follow's copies still waiting when it ends: skipped in one statement, silently (the customer ended it or was told). */
export async function skipPendingCopies(db: Kysely<Database>, relationId: number, now: number): Promise<void> {
  await db
    .updateTable('copy_order')
    .set({ state: 'skipped', skip_key: 'error.copy_relation_ended', skip_params: '{}', updated_at: now })
    .where('relation_id', '=', relationId)
    .where('state', '=', 'pending')
    .execute();
}

/** A follow's open copies become the customer's own (no longer closed with the trader), in one statement. */
export async function releaseOpenCopies(db: Kysely<Database>, relationId: number, now: number): Promise<number> {
  const updated = await db
    .updateTable('copy_order')
    .set({ state: 'released', updated_at: now })
    .where('relation_id', '=', relationId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}
