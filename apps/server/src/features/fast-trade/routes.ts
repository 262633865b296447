import type { FastifyInstance } from 'fastify';
import { fastTrade, bookOf } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { customerIdempotency, endpointRegistrar } from '../../http/route';
import { privateOwner, type RealtimeHub } from '../../realtime/hub';
import type { ScheduledJob } from '../../jobs/scheduled-job';
import {
  FAST_TRADE_SETTLEMENT_JOB,
  runFastTradeSettlement,
  SETTLEMENT_INTERVAL_MS,
  type SettlementRun,
} from './settlement-job';
import { findOwnOrder, listOwnOrders, orderRecord, type OrderRow } from './order-repository';
import { placeFastTrade } from './open-service';
import { isVisibleProduct, productStatistics } from './statistics';
import { tradeCurrency } from '../ledger/trade-currency';

/** Orders per customer per minute (DESIGN §8: rate limits on money movement). */
const ORDERS_PER_MINUTE = 120;

const settlementJobs = new WeakMap<FastifyInstance, ScheduledJob<SettlementRun>>();

/** The settlement job of a built app: tests run it on demand (runNow) or stop its timer. */
export function fastTradeSettlementJob(app: FastifyInstance): ScheduledJob<SettlementRun> | undefined {
  return settlementJobs.get(app);
}

/**
 * Fast trades (issue 5): placing, listing and statistics, and the settlement job. The job runs once
 * when the app is ready (so an order that fell due while the server was down settles at start-up,
 * on the tick at its expiry time) and then every SETTLEMENT_INTERVAL_MS until the app closes.
 */
export async function fastTradeFeature(app: FastifyInstance, context: AppContext, hub: RealtimeHub): Promise<void> {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  const limiter = new FixedWindowLimiter(ORDERS_PER_MINUTE, 60_000, context.clock, context.bus.redis);

  const pushSettled = (row: OrderRow) => {
    const owner = privateOwner(row.user_id, row.book);
    if (!hub.hasPrivateSubscribers(owner, 'fastOrders')) return;
    const order = orderRecord(row, { language: 'en', now: context.clock(), simulated: context.market.simulated });
    hub.publishPrivate(owner, 'fastOrders', { event: 'settled', order } satisfies fastTrade.FastOrderPush);
  };

  register(fastTrade.addFastTradeOrder, async ({ body, context: request }) => {
    limiter.take(`fast-trade:${request.user.userId}`);
    const trader = { userId: request.user.userId, book: bookOf(request.user.accountType) };
    const record = await placeFastTrade({ db, market: context.market, log: context.log }, trader, body, {
      once: request.once,
      now: context.clock(),
      language: request.language,
    });
    const owner = privateOwner(trader.userId, trader.book);
    if (hub.hasPrivateSubscribers(owner, 'fastOrders'))
      hub.publishPrivate(owner, 'fastOrders', { event: 'opened', order: record } satisfies fastTrade.FastOrderPush);
    return record;
  });

  register(fastTrade.fastTradeOrderList, async ({ query, context: request }) => {
    const owner = { userId: request.user.userId, book: bookOf(request.user.accountType) };
    const { rows, total } = await listOwnOrders(db, owner, query);
    const view = { language: request.language, now: context.clock(), simulated: context.market.simulated };
    return { rows: rows.map((row) => orderRecord(row, view)), total };
  });

  register(fastTrade.fastTradeOrderDetail, async ({ query, context: request }) => {
    const owner = { userId: request.user.userId, book: bookOf(request.user.accountType) };
    const row = await findOwnOrder(db, query.id, owner);
    // Another customer's order reads exactly like one that does not exist.
    if (!row) refuse('error.fast_trade_order_not_found');
    return orderRecord(row, { language: request.language, now: context.clock(), simulated: context.market.simulated });
  });

  register(fastTrade.fastTradeStatistics, async ({ query }) => {
    if (!(await isVisibleProduct(db, query.productCode))) refuse('error.unknown_product');
    const figures = await productStatistics(db, query.productCode, await tradeCurrency(db));
    return { ...figures, serverTime: context.clock() };
  });

  const job = context.scheduler.addSweep({
    name: FAST_TRADE_SETTLEMENT_JOB,
    intervalMs: SETTLEMENT_INTERVAL_MS,
    run: () =>
      runFastTradeSettlement({
        database: context.database,
        market: context.market,
        clock: context.clock,
        log: context.log,
        onSettled: pushSettled,
      }),
  });
  settlementJobs.set(app, job);
  app.addHook('onReady', async () => {
    const run = await job.runNow();
    if (run && run.settled > 0) context.log.info({ job: FAST_TRADE_SETTLEMENT_JOB, ...run }, 'settled at start-up');
  });
}
