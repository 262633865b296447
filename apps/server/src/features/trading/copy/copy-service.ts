import type { Kysely } from 'kysely';
import { copyTrading, type LanguageCode } from '@kestrel/contract';
import { checkFollowTerms, formatDecimal, parseDecimal, problem } from '@kestrel/domain';
import type { Database } from '../../../db/schema';
import { refuse, RefusedError, refuseProblem } from '../../../core/errors';
import { isUniqueViolation } from '../../../core/database-errors';
import { lockCustomer } from '../../../core/customer-lock';
import { pageOffset, type PageRequest } from '../../../core/paging';
import type { Once } from '../../../core/idempotency';
import { availableUnits } from '../../ledger/balances';
import { writeSiteMessage } from '../../messages/site-message-writer';
import {
  afterPositionChange,
  checkManualClose,
  manualCloseOf,
  type ContractRuntime,
  type Owner,
} from '../contract-service';
import { closeInTransaction } from '../position-close';
import { findPosition, type PositionRecord } from '../position-repository';
import { ProductNames } from '../trade-views';
import {
  accountNames,
  activateTrader,
  activeRelationsOfTrader,
  activeTraders,
  countActiveFollows,
  countOwnOpenPositions,
  endRelation,
  findRelation,
  findTrader,
  followerCounts,
  followerRelations,
  insertRelation,
  latestSkipped,
  orderCounts,
  ownClosedPositions,
  relationOrdersPage,
  releaseOpenCopies,
  skipPendingCopies,
  stopTraderRow,
  type CopyOrderRecord,
  type RelationRecord,
  type TraderRow,
} from './copy-repository';
import { openCopies } from './copy-mirror';
import { copyOrderView, relationView, traderName, traderView } from './copy-views';
import type { TraderRecords } from './trader-records';

const {
  COPY_FOLLOW_MODE,
  COPY_FOLLOWERS_MAX,
  COPY_FOLLOWS_MAX,
  COPY_PROFIT_SHARE_RATE,
  COPY_RATIO_MAX,
  COPY_RATIO_MIN,
  COPY_RATIO_SCALE,
  COPY_RELATION_STATUS,
  COPY_TRADER_STATUS,
} = copyTrading;

/** Traders a list ranks at most (they are all read to rank them by return). */
const RANKED_TRADERS_MAX = 2_000;
/** A trader's page shows this many of the latest closed positions. */
const RECENT_CLOSED_MAX = 20;

export interface CopyRuntime {
  contracts: ContractRuntime;
  records: TraderRecords;
}

function realOnly(owner: Owner): void {
  if (owner.book !== 'real') refuse('error.copy_real_account_only');
}

// ---- traders ----

async function traderViews(
  runtime: CopyRuntime,
  db: Kysely<Database>,
  traders: readonly TraderRow[],
  viewerUserId: number | null,
  fresh: boolean,
): Promise<copyTrading.CopyTrader[]> {
  const moneyScale = runtime.contracts.currency.scale;
  const [names, followers, following] = await Promise.all([
    accountNames(
      db,
      traders.map((trader) => trader.userId),
    ),
    followerCounts(
      db,
      traders.map((trader) => trader.id),
    ),
    viewerFollows(db, viewerUserId),
  ]);
  const views: copyTrading.CopyTrader[] = [];
  for (const trader of traders) {
    views.push(
      traderView(trader, {
        name: traderName(names.get(trader.userId)),
        record: await runtime.records.of(db, trader.userId, moneyScale, fresh),
        followers: followers.get(trader.id) ?? 0,
        profitShareRate: COPY_PROFIT_SHARE_RATE,
        moneyScale,
        viewerUserId,
        followingRelationId: following.get(trader.id) ?? null,
        simulated: runtime.contracts.context.market.simulated,
      }),
    );
  }
  return views;
}

/** The viewer's active follows by trader id. */
async function viewerFollows(db: Kysely<Database>, viewerUserId: number | null): Promise<Map<number, number>> {
  if (viewerUserId === null) return new Map();
  const rows = await db
    .selectFrom('copy_relation')
    .select(['id', 'trader_id'])
    .where('follower_user_id', '=', viewerUserId)
    .where('status', '=', COPY_RELATION_STATUS.active)
    .limit(COPY_FOLLOWS_MAX)
    .execute();
  return new Map(rows.map((row) => [row.trader_id, row.id]));
}

/** Active traders ranked by 30-day return (those without one last), then by followers. */
export async function listTraders(
  runtime: CopyRuntime,
  viewerUserId: number | null,
  page: PageRequest,
): Promise<{ rows: copyTrading.CopyTrader[]; total: number }> {
  const { db } = runtime.contracts.context.database;
  const views = await traderViews(runtime, db, await activeTraders(db, RANKED_TRADERS_MAX), viewerUserId, false);
  const returnOf = (view: copyTrading.CopyTrader) => (view.return30d === null ? null : parseDecimal(view.return30d, 4));
  views.sort((a, b) => {
    const left = returnOf(a);
    const right = returnOf(b);
    if (left !== right) {
      if (left === null) return 1;
      if (right === null) return -1;
      return left > right ? -1 : 1;
    }
    return b.followerCount - a.followerCount || a.traderId - b.traderId;
  });
  const offset = pageOffset(page);
  return { rows: views.slice(offset, offset + page.pageSize), total: views.length };
}

export async function traderDetail(
  runtime: CopyRuntime,
  viewerUserId: number | null,
  traderId: number,
  language: LanguageCode,
) {
  const { db } = runtime.contracts.context.database;
  const trader = await findTrader(db, { id: traderId });
  if (!trader) refuse('error.copy_trader_not_found');
  const [view] = await traderViews(runtime, db, [trader], viewerUserId, true);
  if (!view) throw new Error(`trader ${traderId} has no view`);
  const closed = await ownClosedPositions(db, trader.userId, RECENT_CLOSED_MAX);
  const names = await ProductNames.load(
    db,
    closed.map((position) => position.productCode),
  );
  return {
    ...view,
    openPositionCount: await countOwnOpenPositions(db, trader.userId),
    recentClosed: closed.map((position) => ({
      productCode: position.productCode,
      productName: names.nameOf(position.productCode, language),
      direction: position.direction,
      leverage: position.leverage,
      openPrice: formatDecimal(position.openPrice, position.priceScale),
      closePrice: formatDecimal(position.closePrice, position.priceScale),
      netPnl: formatDecimal(position.netPnl, position.moneyScale),
      closeTime: position.closeTime,
    })),
  };
}

export async function myTrader(runtime: CopyRuntime, owner: Owner): Promise<copyTrading.CopyTrader | null> {
  const { db } = runtime.contracts.context.database;
  const trader = await findTrader(db, { userId: owner.userId });
  if (!trader) return null;
  const [view] = await traderViews(runtime, db, [trader], owner.userId, true);
  return view ?? null;
}

export async function becomeTrader(runtime: CopyRuntime, owner: Owner): Promise<copyTrading.CopyTrader> {
  realOnly(owner);
  const { db } = runtime.contracts.context.database;
  const now = runtime.contracts.context.clock();
  await db.transaction().execute(async (transaction) => {
    const trader = await findTrader(transaction, { userId: owner.userId });
    if (trader?.status === COPY_TRADER_STATUS.active) refuse('error.copy_trader_already');
    try {
      await activateTrader(transaction, owner.userId, now);
    } catch (error) {
      if (isUniqueViolation(error)) refuse('error.copy_trader_already');
      throw error;
    }
  });
  const view = await myTrader(runtime, owner);
  if (!view) throw new Error('a trader vanished after opting in');
  return view;
}

/**
 * Stops publishing: every follow of the trader ends (`trader_stopped`), each follower keeps their open
 * copies as their own positions, copies still waiting are skipped, and each follower gets a message.
 * One transaction, bounded by COPY_FOLLOWERS_MAX.
 */
export async function stopTrader(runtime: CopyRuntime, owner: Owner): Promise<copyTrading.CopyTrader> {
  realOnly(owner);
  const { db } = runtime.contracts.context.database;
  const now = runtime.contracts.context.clock();
  await runtime.contracts.queue.runForCustomer(() =>
    db.transaction().execute(async (transaction) => {
      const trader = await findTrader(transaction, { userId: owner.userId });
      if (!trader || !(await stopTraderRow(transaction, trader.id, now))) refuse('error.copy_not_trader');
      const names = await accountNames(transaction, [owner.userId]);
      for (const relation of await activeRelationsOfTrader(transaction, trader.id, COPY_FOLLOWERS_MAX)) {
        if (!(await endRelation(transaction, relation.id, 'trader_stopped', now))) continue;
        await releaseOpenCopies(transaction, relation.id, now);
        await skipPendingCopies(transaction, relation.id, now);
        await writeSiteMessage(
          transaction,
          {
            userId: relation.followerUserId,
            kind: 'copy_follow_ended',
            outcome: 'trader_stopped',
            reference: `copy_relation:${relation.id}`,
            params: { trader: traderName(names.get(owner.userId)) },
          },
          now,
        );
      }
    }),
  );
  const view = await myTrader(runtime, owner);
  if (!view) throw new Error('a trader vanished after stopping');
  return view;
}

// ---- follows ----

export interface FollowBody {
  traderId: number;
  followMode: 0 | 1;
  followAmount?: string;
  followRatio?: string;
  maxOpenOrders: number;
  stopLossAmount?: string;
}

/** The published bounds of a follow's terms (domain/copy-trading/follow-terms.ts checks them). */
function followBounds(moneyScale: number) {
  return { ratioMin: COPY_RATIO_MIN, ratioMax: COPY_RATIO_MAX, ratioScale: COPY_RATIO_SCALE, moneyScale };
}

/**
 * Follows a trader. Refused, changing nothing: a demo session, an unknown or stopped trader, oneself,
 * an amount that is not a positive amount or is more than the available balance, a ratio out of
 * range, a stop-loss that is not a positive amount, too many follows or followers, an active follow of
 * the same trader (also when two arrive at once: the partial unique index decides).
 */
export async function follow(
  runtime: CopyRuntime,
  owner: Owner,
  body: FollowBody,
  language: LanguageCode,
): Promise<copyTrading.CopyRelation> {
  realOnly(owner);
  const { context, currency } = runtime.contracts;
  const { db, dialect } = context.database;
  const now = context.clock();
  const relationId = await db.transaction().execute(async (transaction) => {
    const trader = await findTrader(transaction, { id: body.traderId });
    if (!trader) refuse('error.copy_trader_not_found');
    if (trader.userId === owner.userId) refuse('error.copy_follow_self');
    if (trader.status !== COPY_TRADER_STATUS.active) refuse('error.copy_trader_unavailable');
    // Under the customer's lock, so the balance the amount is checked against is the one that stands.
    await lockCustomer(transaction, dialect, owner.userId);
    const fixed = body.followMode === COPY_FOLLOW_MODE.fixedAmount;
    const { problems, terms } = checkFollowTerms(
      {
        mode: fixed ? 'fixed' : 'ratio',
        amount: body.followAmount,
        ratio: body.followRatio,
        stopLoss: body.stopLossAmount,
        available: fixed ? await availableUnits(transaction, owner, currency.currencyId) : null,
      },
      followBounds(currency.scale),
    );
    const first = problems.amount ?? problems.ratio ?? problems.stopLoss;
    if (first || !terms) return refuseProblem(first ?? problem('copy_amount_invalid'));
    const { followAmount, followRatio, stopLoss } = terms;
    if ((await countActiveFollows(transaction, owner.userId)) >= COPY_FOLLOWS_MAX) {
      refuse('error.copy_follows_max', { max: COPY_FOLLOWS_MAX });
    }
    const followers = (await followerCounts(transaction, [trader.id])).get(trader.id) ?? 0;
    if (followers >= COPY_FOLLOWERS_MAX) refuse('error.copy_followers_max', { max: COPY_FOLLOWERS_MAX });
    try {
      return await insertRelation(
        transaction,
        {
          followerUserId: owner.userId,
          traderId: trader.id,
          traderUserId: trader.userId,
          followMode: body.followMode,
          followAmount,
          followRatio,
          maxOpenOrders: body.maxOpenOrders,
          stopLoss,
          profitShareRate: COPY_PROFIT_SHARE_RATE,
        },
        now,
      );
    } catch (error) {
      if (isUniqueViolation(error)) refuse('error.copy_already_following');
      throw error;
    }
  });
  return relationDetail(runtime, db, relationId, language);
}

async function ownRelation(db: Kysely<Database>, owner: Owner, relationId: number): Promise<RelationRecord> {
  const relation = await findRelation(db, relationId);
  // Another customer's follow is refused exactly like a missing one.
  if (!relation || relation.followerUserId !== owner.userId) refuse('error.copy_relation_not_found');
  return relation;
}

/**
 * Ends a follow. closePositions: its open copies close now at the live price as the customer's own
 * close (profit share settled on each); one that may not close yet (minimum holding time, market
 * closed) is kept and named. Otherwise they are kept as the customer's own positions (released: no
 * longer closed with the trader, no profit share).
 */
export async function unfollow(
  runtime: CopyRuntime,
  owner: Owner,
  input: { relationId: number; closePositions: number },
  once: Once,
  language: LanguageCode,
) {
  const { contracts: contractRuntime } = runtime;
  const { db, dialect } = contractRuntime.context.database;
  const closedPositions: PositionRecord[] = [];
  const answer = await contractRuntime.queue.runForCustomer(async () => {
    const now = contractRuntime.context.clock();
    return once(async (transaction) => {
      const relation = await ownRelation(transaction, owner, input.relationId);
      if (!(await endRelation(transaction, relation.id, 'unfollow', now))) refuse('error.copy_relation_ended');
      await skipPendingCopies(transaction, relation.id, now);
      const notClosed: { positionId: number; msg: string }[] = [];
      if (input.closePositions === 1) {
        for (const copy of await openCopies(transaction, relation.id)) {
          try {
            const check = await checkManualClose(contractRuntime, transaction, copy, now);
            closedPositions.push(
              await closeInTransaction({
                transaction,
                dialect,
                position: copy,
                tick: check.tick,
                ...manualCloseOf(check, 'manual', owner),
                closeFeeRate: check.feeRate,
                now,
              }),
            );
          } catch (error) {
            if (!(error instanceof RefusedError)) throw error;
            notClosed.push({ positionId: copy.id, msg: error.key });
          }
        }
      }
      const keptCount = await releaseOpenCopies(transaction, relation.id, now);
      const view = await relationDetail(runtime, transaction, relation.id, language);
      return { ...view, closedCount: closedPositions.length, keptCount, notClosed };
    });
  });
  for (const position of closedPositions) {
    const after = await findPosition(db, position.id);
    if (after) afterPositionChange(contractRuntime, after);
  }
  return answer;
}

async function relationDetail(
  runtime: CopyRuntime,
  db: Kysely<Database>,
  relationId: number,
  language: LanguageCode,
): Promise<copyTrading.CopyRelation> {
  const relation = await findRelation(db, relationId);
  if (!relation) throw new Error(`follow ${relationId} vanished`);
  const [view] = await relationViews(runtime, db, [relation], language);
  if (!view) throw new Error(`follow ${relationId} has no view`);
  return view;
}

async function relationViews(
  runtime: CopyRuntime,
  db: Kysely<Database>,
  relations: readonly RelationRecord[],
  language: LanguageCode,
): Promise<copyTrading.CopyRelation[]> {
  const ids = relations.map((relation) => relation.id);
  const [names, counts] = await Promise.all([
    accountNames(
      db,
      relations.map((relation) => relation.traderUserId),
    ),
    orderCounts(db, ids),
  ]);
  const views: copyTrading.CopyRelation[] = [];
  for (const relation of relations) {
    const skipped = await latestSkipped(db, relation.id);
    const [lastSkipped] = skipped ? await orderViews(runtime, db, [skipped], language) : [];
    views.push(
      relationView(relation, {
        traderName: traderName(names.get(relation.traderUserId)),
        moneyScale: runtime.contracts.currency.scale,
        openCount: counts.get(relation.id)?.open ?? 0,
        skippedCount: counts.get(relation.id)?.skipped ?? 0,
        lastSkipped: lastSkipped ?? null,
      }),
    );
  }
  return views;
}

async function orderViews(
  runtime: CopyRuntime,
  db: Kysely<Database>,
  orders: readonly CopyOrderRecord[],
  language: LanguageCode,
): Promise<copyTrading.CopyOrder[]> {
  const pairs: { order: CopyOrderRecord; trader: PositionRecord; copy: PositionRecord | undefined }[] = [];
  for (const order of orders) {
    const trader = await findPosition(db, order.traderPositionId);
    if (!trader) throw new Error(`copy ${order.id} lost its trader position`);
    const copy = order.followerPositionId === null ? undefined : await findPosition(db, order.followerPositionId);
    pairs.push({ order, trader, copy });
  }
  const names = await ProductNames.load(
    db,
    pairs.map((pair) => pair.trader.productCode),
  );
  const { simulated } = runtime.contracts.context.market;
  return pairs.map(({ order, trader, copy }) => copyOrderView(order, trader, copy, names, language, simulated));
}

export async function followedList(runtime: CopyRuntime, owner: Owner, page: PageRequest, language: LanguageCode) {
  const { db } = runtime.contracts.context.database;
  const found = await followerRelations(db, owner.userId, page);
  return { rows: await relationViews(runtime, db, found.rows, language), total: found.total };
}

export async function relationOrders(
  runtime: CopyRuntime,
  owner: Owner,
  query: PageRequest & { relationId: number },
  language: LanguageCode,
) {
  const { db } = runtime.contracts.context.database;
  const relation = await ownRelation(db, owner, query.relationId);
  const found = await relationOrdersPage(db, relation.id, query);
  return { rows: await orderViews(runtime, db, found.rows, language), total: found.total };
}
