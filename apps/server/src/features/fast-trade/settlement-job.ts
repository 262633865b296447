import type { FastifyBaseLogger } from 'fastify';
import type { MarketFeed, Tick } from '@kestrel/market';
import type { DatabaseHandle } from '../../db/connection';
import { dueOrders, findOrder, type OrderRow } from './order-repository';
import { settleOrder } from './settlement';
import { tickAtOrBefore } from './ticks';
import { withJobLock } from '../../jobs/job-lock';

export const FAST_TRADE_SETTLEMENT_JOB = 'fast-trade-settlement';
/** Orders settled per run at most (TIGER_STYLE: bounded work per timer tick). */
export const SETTLEMENT_BATCH_MAX = 200;
/** How often the timer looks for due orders. */
export const SETTLEMENT_INTERVAL_MS = 1000;
/**
 * How long after its expiry an order waits for the feed to publish the tick at the expiry time. Once the
 * feed has a tick at or after the expiry, every tick at or before it has arrived and the order settles
 * at once; a silent feed (a closed session, a stalled provider) is waited for this long, then the last
 * tick at or before the expiry decides.
 */
export const EXPIRY_TICK_WAIT_MS = 5000;

export interface SettlementRun {
  /** False when another process held the job's lock, so this one did nothing. */
  ran: boolean;
  settled: number;
  /** Due orders whose expiry tick may still be on its way. */
  waiting: number;
  /** Due orders already settled by another runner (the conditional update found them settled). */
  alreadySettled: number;
  /** Due orders whose settlement failed (logged; retried on the next run). */
  failed: number;
}

/** The tick that decides an order at its expiry, 'wait' while it may still arrive, or undefined when none exists. */
export function expiryTickOf(
  market: MarketFeed,
  order: Pick<OrderRow, 'product_code' | 'expiry_time'>,
  now: number,
): Tick | 'wait' | undefined {
  const expiry = Number(order.expiry_time);
  const latest = market.lastTick(order.product_code);
  if (!latest) return undefined;
  if (latest.time < expiry && now < expiry + EXPIRY_TICK_WAIT_MS) return 'wait';
  // The last tick at or before the expiry. When the feed knows none (its history does not reach back
  // that far), the earliest price it has is its latest tick, later than the expiry: it decides, and
  // the entry records that tick, so the exception is visible on the statement.
  return tickAtOrBefore(market, order.product_code, expiry) ?? latest;
}

export interface SettlementDependencies {
  database: DatabaseHandle;
  market: MarketFeed;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Called after each settlement commits, with the settled order (for the owner's WebSocket). */
  onSettled: (order: OrderRow) => void;
}

/**
 * One run of the settlement job: every open order whose expiry has passed (at most
 * SETTLEMENT_BATCH_MAX, earliest first) settles on the tick at its expiry time, each in its own
 * transaction with its journal entry. Idempotent: settleOrder's conditional update lets exactly one
 * runner settle an order, and on PostgreSQL the job's advisory lock keeps other processes out.
 */
export async function runFastTradeSettlement(dependencies: SettlementDependencies): Promise<SettlementRun> {
  const { database, market, clock, log } = dependencies;
  const productCodes = market.instruments.map((instrument) => instrument.productCode);
  const outcome = await withJobLock(database, FAST_TRADE_SETTLEMENT_JOB, async (db) => {
    const now = clock();
    const run = { ran: true, settled: 0, waiting: 0, alreadySettled: 0, failed: 0 };
    const settledIds: number[] = [];
    for (const order of await dueOrders(db, now, productCodes, SETTLEMENT_BATCH_MAX)) {
      const tick = expiryTickOf(market, order, now);
      if (tick === 'wait') {
        run.waiting += 1;
        continue;
      }
      if (!tick) {
        log.warn({ orderId: order.id, productCode: order.product_code }, 'no price to settle a fast trade on');
        continue;
      }
      let entryId: number | null;
      try {
        entryId = await db.transaction().execute((transaction) => settleOrder(transaction, order, tick, now));
      } catch (error) {
        // One order that cannot settle (a broken invariant: its transaction rolled back) must not hold
        // up the others; it is retried on the next run and logged every time.
        run.failed += 1;
        log.error({ err: error, orderId: order.id }, 'fast trade settlement failed');
        continue;
      }
      if (entryId === null) run.alreadySettled += 1;
      else {
        run.settled += 1;
        settledIds.push(order.id);
      }
    }
    return { run, settledIds };
  });
  if (!outcome.ran) return { ran: false, settled: 0, waiting: 0, alreadySettled: 0, failed: 0 };
  // Pushed after the commits, read back as committed.
  for (const id of outcome.result.settledIds) {
    const order = await findOrder(database.db, id);
    if (order) dependencies.onSettled(order);
  }
  return outcome.result.run;
}
