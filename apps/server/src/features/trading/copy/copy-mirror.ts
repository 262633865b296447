import type { Kysely } from 'kysely';
import { contracts, copyTrading } from '@kestrel/contract';
import { EXCHANGE_TYPE, formatDecimal, mirroredMargin, POSITION_TYPE, type CopySizing } from '@kestrel/domain';
import { tickIdOf } from '@kestrel/market';
import type { Database } from '../../../db/schema';
import { RefusedError, refuse, refuseProblem } from '../../../core/errors';
import { parseConfigDecimal } from '../../../core/config-decimal';
import { requireIdentity } from '../../../core/identity-gates';
import { writeSiteMessage } from '../../messages/site-message-writer';
import { productLabel } from '../../messages/labels';
import { afterPositionChange, type ContractRuntime, type CopyWork } from '../contract-service';
import { closeInTransaction, type CloseReason, type ClosingTick } from '../position-close';
import { openInTransaction, type BuyBody } from '../position-open';
import { findPosition, type PositionRecord } from '../position-repository';
import { feeRateOrRefuse } from '../trade-gate';
import { floatingPnl } from '../trade-views';
import {
  accountNames,
  countOrders,
  endRelation,
  findRelation,
  moveOrder,
  ordersToCloseWithTrader,
  pendingOrders,
  relationOrdersInState,
  relationsWithStopLoss,
  skipPendingCopies,
  type CopyOrderRecord,
  type RelationRecord,
} from './copy-repository';
import { COPY_ACTOR_ID } from './copy-settlement';
import { traderName } from './copy-views';

const { COPY_OPEN_DELAY_MS_MAX, COPY_MAX_OPEN_ORDERS_MAX, COPY_FOLLOW_MODE } = copyTrading;

/** Copies handled per batch, batches per run: a run never holds the trade queue for long. */
const COPIES_PER_BATCH = 200;
const BATCHES_PER_RUN_MAX = 10;
/** Active follows with a stop-loss looked at per watch. */
const STOP_LOSS_FOLLOWS_MAX = 1_000;
/** How often the stop-loss watch runs, and pending work is looked for even without a nudge. */
export const COPY_WATCH_INTERVAL_MS = 1_000;

/** Why a copy was skipped, as the site message groups it. */
function skipOutcome(key: string): 'balance' | 'open_orders' | 'limits' {
  if (key === 'error.insufficient_balance' || key === 'error.balance_share_exceeded') return 'balance';
  if (key === 'error.copy_max_open_orders' || key === 'error.open_positions_limit') return 'open_orders';
  return 'limits';
}

class CopyAlreadyHandled extends Error {}

/**
 * Copy trading's worker (issue 14 part 3). Runs in the trade queue's system lane, so it never races
 * the customers' opens and closes of this process:
 * - pending copies (offered in the trader's opening transaction) open at the trader's tick, each in
 *   its own transaction with the follower's own margin, fee and entry; one that cannot be copied is
 *   skipped with its reason and a site message; one older than COPY_OPEN_DELAY_MS_MAX (a restart in
 *   between) is skipped, never opened at a stale price;
 * - open copies whose trader position has closed close at the trader's closing tick;
 * - every COPY_WATCH_INTERVAL_MS the stop-loss of each follow that has one is checked against the last
 *   ticks: net realized plus unrealized (after the opening fees) at or below minus the stop-loss ends
 *   the follow and closes its copies.
 * Every state change of a copy is a conditional update, so two processes cannot both act on one copy.
 */
export class CopyMirror implements CopyWork {
  private scheduled = false;
  private watchAsked = false;
  private timer: NodeJS.Timeout | null = null;
  private runtime: ContractRuntime | null = null;

  attach(runtime: ContractRuntime): void {
    this.runtime = runtime;
  }

  start(): void {
    this.timer = setInterval(() => this.nudge(true), COPY_WATCH_INTERVAL_MS);
    this.timer.unref();
    this.nudge();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.runtime = null;
  }

  /** Schedules one run (at most one waits at a time; a stop-loss watch asked for joins the waiting run). */
  nudge(watchStopLosses = false): void {
    const runtime = this.runtime;
    if (watchStopLosses) this.watchAsked = true;
    if (!runtime || this.scheduled) return;
    this.scheduled = true;
    void runtime.queue
      .runForSystem(async () => {
        this.scheduled = false;
        const watch = this.watchAsked;
        this.watchAsked = false;
        await this.run(runtime, watch);
      })
      .catch((error: unknown) => runtime.context.log.error({ err: error }, 'copy trading run failed'));
  }

  private async run(runtime: ContractRuntime, watchStopLosses: boolean): Promise<void> {
    const { db } = runtime.context.database;
    for (let batch = 0; batch < BATCHES_PER_RUN_MAX; batch += 1) {
      const pending = await pendingOrders(db, COPIES_PER_BATCH);
      for (const order of pending) await this.openCopy(runtime, order);
      const closing = await ordersToCloseWithTrader(db, COPIES_PER_BATCH);
      for (const order of closing) await this.closeWithTrader(runtime, order);
      if (pending.length < COPIES_PER_BATCH && closing.length < COPIES_PER_BATCH) break;
    }
    if (watchStopLosses) await this.watchStopLosses(runtime);
  }

  private async openCopy(runtime: ContractRuntime, order: CopyOrderRecord): Promise<void> {
    const { context, currency } = runtime;
    const { db } = context.database;
    const now = context.clock();
    try {
      const position = await db.transaction().execute(async (transaction) => {
        const relation = await findRelation(transaction, order.relationId);
        const trader = await findPosition(transaction, order.traderPositionId);
        if (!relation || !trader) throw new Error(`copy ${order.id} lost its follow or its trader position`);
        if (relation.status !== copyTrading.COPY_RELATION_STATUS.active) refuse('error.copy_relation_ended');
        if (now - trader.openTime > COPY_OPEN_DELAY_MS_MAX) refuse('error.copy_expired');
        const open = await countOrders(transaction, relation.id, 'open');
        if (open >= relation.maxOpenOrders) refuse('error.copy_max_open_orders', { max: relation.maxOpenOrders });
        await requireIdentity(transaction, relation.followerUserId, 'contract');
        const sized = mirroredMargin(sizingOf(relation), trader.margin, trader.moneyScale);
        if (sized.problem) refuseProblem(sized.problem);
        const copy = await openInTransaction({
          transaction,
          context,
          currency,
          owner: { userId: relation.followerUserId, book: 'real' },
          body: {
            productType: trader.productType as BuyBody['productType'],
            productCode: trader.productCode,
            orderDirection: trader.direction,
            orderLever: trader.leverage,
            marginAmount: formatDecimal(sized.margin, trader.moneyScale),
            // The copy closes with the trader's position, so it carries no levels of its own.
            stopProfitPrice: undefined,
            stopLossPrice: undefined,
          },
          now,
          copyOf: {
            tick: { price: trader.openPrice, tickId: trader.openTickId, source: trader.openTickSource },
            traderPositionId: trader.id,
          },
        });
        if (!(await moveOrder(transaction, order.id, 'pending', { state: 'open', followerPositionId: copy.id }, now))) {
          throw new CopyAlreadyHandled();
        }
        return copy;
      });
      afterPositionChange(runtime, position);
    } catch (error) {
      if (error instanceof CopyAlreadyHandled) return;
      if (!(error instanceof RefusedError)) {
        // A fault, not a rule: left pending; it is tried again and skipped once it is too old.
        context.log.error({ err: error, copyOrderId: order.id }, 'a copy could not be opened');
        return;
      }
      await this.skip(db, order, error, now);
    }
  }

  /** Skipped with the reason; the follower hears why, except when they ended the follow themselves. */
  private async skip(db: Kysely<Database>, order: CopyOrderRecord, reason: RefusedError, now: number): Promise<void> {
    await db.transaction().execute(async (transaction) => {
      const skip = { key: reason.key, params: reason.params };
      if (!(await moveOrder(transaction, order.id, 'pending', { state: 'skipped', skip }, now))) return;
      if (reason.key === 'error.copy_relation_ended') return;
      const relation = await findRelation(transaction, order.relationId);
      const trader = await findPosition(transaction, order.traderPositionId);
      if (!relation || !trader) return;
      const names = await accountNames(transaction, [relation.traderUserId]);
      await writeSiteMessage(
        transaction,
        {
          userId: order.followerUserId,
          kind: 'copy_skipped',
          outcome: skipOutcome(reason.key),
          reference: `copy_order:${order.id}`,
          params: {
            trader: traderName(names.get(relation.traderUserId)),
            product: await productLabel(transaction, trader.productCode),
          },
        },
        now,
      );
    });
  }

  private async closeWithTrader(runtime: ContractRuntime, order: CopyOrderRecord): Promise<void> {
    const { db } = runtime.context.database;
    const closed = await db.transaction().execute(async (transaction) => {
      const trader = await findPosition(transaction, order.traderPositionId);
      const copy =
        order.followerPositionId === null ? undefined : await findPosition(transaction, order.followerPositionId);
      if (
        !trader ||
        !copy ||
        trader.closePrice === null ||
        trader.closeTickId === null ||
        trader.closeTickSource === null
      ) {
        throw new Error(`copy ${order.id} cannot be closed with its trader`);
      }
      if (copy.status !== contracts.POSITION_STATUS.open) return undefined;
      const tick: ClosingTick = {
        price: trader.closePrice,
        tickId: trader.closeTickId,
        source: trader.closeTickSource,
      };
      return closeCopy(runtime, transaction, copy, tick, 'copy_trader');
    });
    if (closed) afterPositionChange(runtime, closed);
  }

  private async watchStopLosses(runtime: ContractRuntime): Promise<void> {
    const { db } = runtime.context.database;
    for (const relation of await relationsWithStopLoss(db, STOP_LOSS_FOLLOWS_MAX)) {
      if (relation.stopLoss === null) continue;
      const copies = await openCopies(db, relation.id);
      let result = relation.realizedNet;
      let priced = true;
      for (const copy of copies) {
        const tick = runtime.context.market.lastTick(copy.productCode);
        if (!tick) priced = false;
        else result += floatingPnl(copy, tick.price) - copy.openFee;
      }
      if (!priced || result > -relation.stopLoss) continue;
      await this.endByStopLoss(runtime, relation, result);
    }
  }

  private async endByStopLoss(runtime: ContractRuntime, relation: RelationRecord, result: bigint): Promise<void> {
    const { context } = runtime;
    const { db } = context.database;
    const now = context.clock();
    const closed = await db.transaction().execute(async (transaction) => {
      if (!(await endRelation(transaction, relation.id, 'stop_loss', now))) return [];
      const done: PositionRecord[] = [];
      for (const copy of await openCopies(transaction, relation.id)) {
        const tick = context.market.lastTick(copy.productCode);
        if (!tick) continue; // watched only when every copy has a price; a vanished one closes with its trader
        done.push(
          await closeCopy(
            runtime,
            transaction,
            copy,
            { price: tick.price, tickId: tickIdOf(tick), source: tick.source },
            'copy_stop_loss',
          ),
        );
      }
      await skipPendingCopies(transaction, relation.id, now);
      const names = await accountNames(transaction, [relation.traderUserId]);
      await writeSiteMessage(
        transaction,
        {
          userId: relation.followerUserId,
          kind: 'copy_follow_ended',
          outcome: 'stop_loss',
          reference: `copy_relation:${relation.id}`,
          params: {
            trader: traderName(names.get(relation.traderUserId)),
            loss: { money: formatDecimal(relation.stopLoss ?? 0n, runtime.currency.scale) },
            currency: 'USDT',
          },
        },
        now,
      );
      return done;
    });
    context.log.info(
      { relationId: relation.id, result: result.toString(), closed: closed.length },
      'follow stopped by its stop-loss',
    );
    for (const position of closed) afterPositionChange(runtime, position);
  }
}

function sizingOf(relation: RelationRecord): CopySizing {
  if (relation.followMode === COPY_FOLLOW_MODE.fixedAmount) {
    if (relation.followAmount === null) throw new Error(`follow ${relation.id} has no amount`);
    return { mode: 'fixed', margin: relation.followAmount };
  }
  if (relation.followRatio === null) throw new Error(`follow ${relation.id} has no ratio`);
  return { mode: 'ratio', ratio: parseConfigDecimal(relation.followRatio) };
}

/** The follow's open copies as positions (at most COPY_MAX_OPEN_ORDERS_MAX, its bound). */
export async function openCopies(db: Kysely<Database>, relationId: number): Promise<PositionRecord[]> {
  const orders = await relationOrdersInState(db, relationId, ['open'], COPY_MAX_OPEN_ORDERS_MAX);
  const positions: PositionRecord[] = [];
  for (const order of orders) {
    if (order.followerPositionId === null) continue;
    const position = await findPosition(db, order.followerPositionId);
    if (position && position.status === contracts.POSITION_STATUS.open) positions.push(position);
  }
  return positions;
}

/** A copy closed by copy trading (not by the customer), at `tick`, with the closing fee configured now. */
export async function closeCopy(
  runtime: ContractRuntime,
  transaction: Kysely<Database>,
  copy: PositionRecord,
  tick: ClosingTick,
  reason: Extract<CloseReason, 'copy_trader' | 'copy_stop_loss'>,
): Promise<PositionRecord> {
  const feeRate = await feeRateOrRefuse(transaction, copy.productType, POSITION_TYPE.contract, EXCHANGE_TYPE.sell);
  return closeInTransaction({
    transaction,
    dialect: runtime.context.database.dialect,
    position: copy,
    tick,
    reason,
    closeFeeRate: feeRate,
    actor: { type: 'system', id: COPY_ACTOR_ID },
    now: runtime.context.clock(),
  });
}
