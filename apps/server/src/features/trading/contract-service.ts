import type { Kysely } from 'kysely';
import { requireIdentity } from '../../core/identity-gates';
import { contracts, copyTrading, type LanguageCode } from '@kestrel/contract';
import { checkStopLevels, POSITION_TYPE, EXCHANGE_TYPE } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { refuse, RefusedError } from '../../core/errors';
import { lockCustomer } from '../../core/customer-lock';
import { lockCustomerAccountsInIdOrder, type Book } from '../ledger/accounts';
import { withEntryBatch } from '../ledger/entry-batch';
import type { Once } from '../../core/idempotency';
import { closeInTransaction, type CloseActor, type CloseReason, type ClosingTick } from './position-close';
import { openInTransaction, type BuyBody } from './position-open';
import {
  findOwnPosition,
  findPosition,
  findPositions,
  listOwnPositions,
  openPositionsOf,
  updateStops,
  type PositionRecord,
} from './position-repository';
import { OPEN_POSITIONS_MAX, type PositionStream } from './position-stream';
import { parsePriceOrRefuse } from './trade-amounts';
import { feeRateOrRefuse, tradableProduct, type FeeRate, type TradeCurrency } from './trade-gate';
import { tickIdOf } from '@kestrel/market';
import type { TradeQueue } from './trade-queue';
import { directionOf, positionView, ProductNames, viewsWithNames, type PositionView } from './trade-views';
import type { TriggerEngine } from './trigger-engine';
import { offerToFollows } from './copy/copy-repository';

export interface Owner {
  userId: number;
  book: Book;
}

/** What copy trading asks to hear about: a position changed, so copies may be waiting (copy/copy-mirror.ts). */
export interface CopyWork {
  nudge(): void;
}

/** Everything the contract calls share; built once by tradingFeature. */
export interface ContractRuntime {
  context: AppContext;
  currency: TradeCurrency;
  queue: TradeQueue;
  engine: TriggerEngine;
  stream: PositionStream;
  copies: CopyWork;
}

function customerActor(owner: Owner): CloseActor {
  return { type: 'customer', id: String(owner.userId) };
}

async function view(
  runtime: ContractRuntime,
  db: Kysely<Database>,
  position: PositionRecord,
  language: LanguageCode,
): Promise<PositionView> {
  const names = await ProductNames.load(db, [position.productCode]);
  return positionView(position, names, language, runtime.context.market);
}

/** What the bus carries when a position changes: the others read it back from the database. */
export interface PositionChanged {
  positionId: number;
}

/**
 * After a commit: the index and the stream follow the position's new state, copy trading looks for
 * copies to open or close with it, and (in a cluster) the other processes are told, so that the one
 * guarding the product's triggers and those streaming its owner's PnL follow it too.
 */
export function afterPositionChange(runtime: ContractRuntime, position: PositionRecord): void {
  runtime.copies.nudge();
  followPosition(runtime, position);
  if (runtime.context.bus.shared)
    runtime.context.bus.publish('positions', { positionId: position.id } satisfies PositionChanged);
}

/** This process's view of a committed position: its levels (if it guards the product) and its owner's stream. */
export function followPosition(runtime: ContractRuntime, position: PositionRecord): void {
  try {
    runtime.engine.follow(position);
  } catch (error) {
    // Only a full index (TriggerBookError) gets here: the position is committed but unguarded, which
    // must be loud. Its levels are picked up again at the next start.
    runtime.context.log.error({ err: error, positionId: position.id }, 'trigger index refused a position');
  }
  runtime.stream.track(position);
  runtime.stream.positionsChanged({ userId: position.userId, book: position.book });
}

/**
 * Opens a position in the customer's turn of the trade queue (position-open.ts loads, decides and
 * writes). The answer is the view in the request's language, built inside the transaction: it is what
 * the idempotency record stores and a replay of the same key returns.
 */
export async function openPosition(
  runtime: ContractRuntime,
  owner: Owner,
  body: BuyBody,
  once: Once,
  language: LanguageCode,
): Promise<PositionView> {
  const { db } = runtime.context.database;
  // The identity gate (issue 14) applies to real money only.
  if (owner.book === 'real') await requireIdentity(db, owner.userId, 'contract');
  return runtime.queue.runForCustomer(async () => {
    const now = runtime.context.clock();
    const answer = await once(async (transaction) => {
      const position = await openInTransaction({
        transaction,
        context: runtime.context,
        currency: runtime.currency,
        owner,
        body,
        now,
      });
      // A trader's own position is offered to their follows in the same transaction (copy trading).
      if (owner.book === 'real') {
        await offerToFollows(transaction, owner.userId, position.id, now, copyTrading.COPY_FOLLOWERS_MAX);
      }
      return view(runtime, transaction, position, language);
    });
    const position = await findPosition(db, answer.id);
    if (position) afterPositionChange(runtime, position);
    return answer;
  });
}

export interface CloseCheck {
  tick: ClosingTick;
  feeRate: { text: string; rate: { units: bigint; scale: number } };
  /**
   * Set when a kept tick already crossed one of the position's levels: the close is that level's, at
   * that tick, by the system, whoever asked for it. Under load the guard's close may still be queued
   * when the customer's request comes; either way the position closes where its level was crossed,
   * never at a later price because a request happened to win the race.
   */
  crossed?: { reason: TriggerFiring['reason'] };
}

/**
 * What a customer's close needs before it writes: the holding time passed, the product tradable now
 * (not locked, session open, inside a window, a live price) and the closing fee configured. A position
 * whose level was already crossed needs none of that but the fee: it closes as its trigger would have.
 */
export async function checkManualClose(
  runtime: ContractRuntime,
  transaction: Kysely<Database>,
  position: PositionRecord,
  now: number,
): Promise<CloseCheck> {
  if (position.status !== contracts.POSITION_STATUS.open) refuse('error.position_closed');
  const crossing = runtime.engine.firstCrossingSince(position);
  let tick = crossing?.tick;
  if (!tick) {
    if (now < position.closableTime) {
      refuse('error.minimum_holding_time', { seconds: Math.ceil((position.closableTime - now) / 1000) });
    }
    ({ tick } = await tradableProduct(
      transaction,
      runtime.context.market,
      position.productCode,
      {},
      now,
      runtime.currency.scale,
    ));
  }
  const feeRate = await feeRateOrRefuse(transaction, position.productType, POSITION_TYPE.contract, EXCHANGE_TYPE.sell);
  return {
    tick: { price: tick.price, tickId: tickIdOf(tick), source: tick.source },
    feeRate,
    ...(crossing ? { crossed: { reason: crossing.trigger.kind } } : {}),
  };
}

const TRIGGER_ACTOR: CloseActor = { type: 'system', id: 'trigger-engine' };

/** Reason and actor of a customer's close: its own, or the crossed level's (checkManualClose). */
export function manualCloseOf(check: CloseCheck, reason: 'manual' | 'close_all', owner: Owner) {
  return check.crossed
    ? { reason: check.crossed.reason, actor: TRIGGER_ACTOR }
    : { reason, actor: customerActor(owner) };
}

export async function closeOwnPosition(
  runtime: ContractRuntime,
  owner: Owner,
  positionId: number,
  once: Once,
  language: LanguageCode,
): Promise<PositionView> {
  const { db, dialect } = runtime.context.database;
  return runtime.queue.runForCustomer(async () => {
    const now = runtime.context.clock();
    const answer = await once(async (transaction) => {
      const position = await findOwnPosition(transaction, owner, positionId);
      if (!position) refuse('error.position_not_found');
      const check = await checkManualClose(runtime, transaction, position, now);
      const closed = await closeInTransaction({
        transaction,
        dialect,
        position,
        tick: check.tick,
        ...manualCloseOf(check, 'manual', owner),
        closeFeeRate: check.feeRate,
        now,
      });
      return view(runtime, transaction, closed, language);
    });
    const position = await findPosition(db, answer.id);
    if (position) afterPositionChange(runtime, position);
    return answer;
  });
}

export interface CloseAllAnswer {
  closed: PositionView[];
  skipped: { positionId: number; msg: string; params: Record<string, string | number> }[];
}

/** Closes every open position of the owner (optionally of one product) that may be closed now, in one transaction. */
export async function closeAllPositions(
  runtime: ContractRuntime,
  owner: Owner,
  productCode: string | undefined,
  once: Once,
  language: LanguageCode,
): Promise<CloseAllAnswer> {
  const { db, dialect } = runtime.context.database;
  return runtime.queue.runForCustomer(async () => {
    const now = runtime.context.clock();
    const answer = await once(async (transaction) => {
      const open = await openPositionsOf(transaction, owner, OPEN_POSITIONS_MAX, productCode);
      const closed: PositionRecord[] = [];
      const skipped: CloseAllAnswer['skipped'] = [];
      for (const position of open) {
        let check: CloseCheck;
        try {
          check = await checkManualClose(runtime, transaction, position, now);
        } catch (error) {
          if (!(error instanceof RefusedError)) throw error;
          skipped.push({ positionId: position.id, msg: error.key, params: error.params });
          continue;
        }
        closed.push(
          await closeInTransaction({
            transaction,
            dialect,
            position,
            tick: check.tick,
            ...manualCloseOf(check, 'close_all', owner),
            closeFeeRate: check.feeRate,
            now,
          }),
        );
      }
      return {
        closed: await viewsWithNames(transaction, closed, (position, names) =>
          positionView(position, names, language, runtime.context.market),
        ),
        skipped,
      };
    });
    for (const closedView of answer.closed) {
      const position = await findPosition(db, closedView.id);
      if (position) afterPositionChange(runtime, position);
    }
    return answer;
  });
}

/** Replaces TP/SL of an open position, checked against the live price; the liquidation level stays. */
export async function updateStopPrices(
  runtime: ContractRuntime,
  owner: Owner,
  input: { positionId: number; stopProfitPrice?: string; stopLossPrice?: string },
  language: LanguageCode,
): Promise<PositionView> {
  const { db } = runtime.context.database;
  return runtime.queue.runForCustomer(async () => {
    const updated = await db.transaction().execute(async (transaction) => {
      const position = await findOwnPosition(transaction, owner, input.positionId);
      if (!position) refuse('error.position_not_found');
      if (position.status !== contracts.POSITION_STATUS.open) refuse('error.position_closed');
      const tick = runtime.context.market.lastTick(position.productCode);
      if (!tick) refuse('error.market_closed');
      const stopProfit = parsePriceOrRefuse(input.stopProfitPrice, position.priceScale);
      const stopLoss = parsePriceOrRefuse(input.stopLossPrice, position.priceScale);
      const problem = checkStopLevels(directionOf(position), tick.price, stopProfit, stopLoss);
      if (problem) refuse(`error.${problem}`);
      // The levels were checked against this tick: every later tick may fire them.
      if (!(await updateStops(transaction, position.id, { stopProfit, stopLoss }, tick.time)))
        refuse('error.position_closed');
      const after = await findPosition(transaction, position.id);
      if (!after) throw new Error(`position ${position.id} vanished inside its edit`);
      return after;
    });
    afterPositionChange(runtime, updated);
    return view(runtime, db, updated, language);
  });
}

/** One position a tick fired, which of its levels, and the tick it closes at. */
export interface TriggerFiring {
  positionId: number;
  reason: Extract<CloseReason, 'take_profit' | 'stop_loss' | 'liquidation'>;
  tick: ClosingTick;
}

/**
 * Closes the positions ticks fired, each at the tick that fired it, as the system, in ONE transaction;
 * resolves the ids it closed (a position no longer open, because a customer's close got there first,
 * is left alone).
 *
 * One transaction for the batch because, while every ledger write in the cluster waited for one ledger
 * head row (until issue 12), a tick crossing a hundred levels queued a hundred times behind every
 * customer's writes, and its last closes landed seconds late (issue 18's kill test); a batch still
 * commits once instead of a hundred times. Deadlock-free by order: the owners are locked first, in id
 * order, before the first posting locks any ledger account, as a single close does; then
 * the positions are read again, so one that a customer closed meanwhile (under the owner's lock) is seen.
 * A throw rolls the whole batch back; the engine then closes its positions one by one.
 */
export async function closeByTriggers(runtime: ContractRuntime, firings: readonly TriggerFiring[]): Promise<number[]> {
  const { db, dialect } = runtime.context.database;
  const now = runtime.context.clock();
  const firingOf = new Map(firings.map((firing) => [firing.positionId, firing]));
  const positionIds = [...firingOf.keys()];
  const isOpen = (position: PositionRecord) => position.status === contracts.POSITION_STATUS.open;
  // One entry batch: the entries are written together at its end, and the platform's accounts (fees, the
  // trading house) move once then, so the batch holds only its owners' accounts while it closes one
  // position after another (ledger/entry-batch.ts).
  const closed = await db.transaction().execute((transaction) =>
    withEntryBatch(transaction, async () => {
      const owners = new Set((await findPositions(transaction, positionIds)).filter(isOpen).map((p) => p.userId));
      for (const userId of [...owners].sort((a, b) => a - b)) await lockCustomer(transaction, dialect, userId);
      // Their ledger accounts too, up front and in id order: a coin-to-coin batch that holds one owner's
      // accounts and wants another's then waits for this batch instead of closing a cycle with it.
      await lockCustomerAccountsInIdOrder(transaction, [...owners]);
      const feeRates = new Map<number, FeeRate>();
      const records: PositionRecord[] = [];
      for (const position of (await findPositions(transaction, positionIds)).filter(isOpen)) {
        let feeRate = feeRates.get(position.productType);
        if (!feeRate) {
          feeRate = await feeRateOrRefuse(
            transaction,
            position.productType,
            POSITION_TYPE.contract,
            EXCHANGE_TYPE.sell,
          );
          feeRates.set(position.productType, feeRate);
        }
        const { tick, reason } = firingOf.get(position.id)!;
        records.push(
          await closeInTransaction({
            transaction,
            dialect,
            position,
            tick,
            reason,
            closeFeeRate: feeRate,
            actor: TRIGGER_ACTOR,
            now,
          }),
        );
      }
      return records;
    }),
  );
  for (const position of closed) afterPositionChange(runtime, position);
  return closed.map((position) => position.id);
}

export async function listPositions(
  runtime: ContractRuntime,
  owner: Owner,
  query: { pageNum: number; pageSize: number; status?: number; productCode?: string },
  language: LanguageCode,
): Promise<{ rows: PositionView[]; total: number }> {
  const { db } = runtime.context.database;
  const page = await listOwnPositions(db, owner, { status: query.status, productCode: query.productCode }, query);
  return {
    rows: await viewsWithNames(db, page.rows, (row, names) =>
      positionView(row, names, language, runtime.context.market),
    ),
    total: page.total,
  };
}

export async function positionDetail(
  runtime: ContractRuntime,
  owner: Owner,
  positionId: number,
  language: LanguageCode,
): Promise<PositionView> {
  const { db } = runtime.context.database;
  const position = await findOwnPosition(db, owner, positionId);
  if (!position) refuse('error.position_not_found');
  return view(runtime, db, position, language);
}
