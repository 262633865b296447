import type { FastifyInstance } from 'fastify';
import { account, bibi, bookOf } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import {
  customerIdempotency,
  endpointRegistrar,
  type IdempotentRequestContext,
  type UserRequestContext,
} from '../../http/route';
import type { RealtimeHub } from '../../realtime/hub';
import { readBalances } from '../ledger/balances';
import { BibiExchange } from './exchange';
import { ensureMarketMakerUser, fundMarketMaker, MARKET_MAKER_ACCOUNT } from './market-maker-account';
import { marketMakerKeysJob } from './market-maker-keys';
import { markMarketMakerRequest } from './market-maker-requests';
import { planPlacement, type PlacementRequest } from './order-input';
import { formatRate } from './pair-spec';
import { pairTexts } from './pairs';
import { publishCommitted } from './publisher';
import { findOrder, listOrders, tradeTotals, tradesOfOrder } from './repository';
import { fillView, orderView } from './views';
import { forwardToWriter } from './writer-forwarding';

const TOPIC_PATTERN = /^(depth|trades|bibiTicker):(.{1,32})$/;
/**
 * The pairs' codes, for the topic validator app.ts composes into the hub before this feature starts
 * (so it cannot be handed the exchange). Every app in a process loads the same pairs from its database.
 */
let knownCodes: ReadonlySet<string> = new Set();

/** WebSocket topics this feature publishes (`depth:<code>`, `trades:<code>`, `bibiTicker:<code>`). */
export function bibiTopicValidator(topic: string): boolean {
  const match = TOPIC_PATTERN.exec(topic);
  return match !== null && knownCodes.has(match[2]!);
}

const exchanges = new WeakMap<FastifyInstance, BibiExchange>();

/** The exchange an app runs (tests compare books and state hashes across restarts through it). */
export function bibiExchangeOf(app: FastifyInstance): BibiExchange | undefined {
  return exchanges.get(app);
}

/** Demo money never meets real money in a book, and the book is real: demo accounts do not trade here. */
function realCustomer(request: UserRequestContext, marketMakerUserId: number | null): number {
  if (bookOf(request.user.accountType) === 'demo') refuse('error.bibi_demo_unavailable');
  if (request.user.userId === marketMakerUserId) markMarketMakerRequest(request.request);
  return request.user.userId;
}

/** Coin-to-coin exchange (issue 6): one writer per book, routes, depth and trade streams. */
export async function bibiFeature(app: FastifyInstance, context: AppContext, hub: RealtimeHub): Promise<void> {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));

  let marketMakerUserId: number | null = null;
  if (context.config.marketMaker) {
    marketMakerUserId = await ensureMarketMakerUser(context);
  } else {
    const existing = await db
      .selectFrom('user_account')
      .select('id')
      .where('user_account', '=', MARKET_MAKER_ACCOUNT)
      .executeTakeFirst();
    marketMakerUserId = existing?.id ?? null;
  }
  const exchange: BibiExchange = new BibiExchange(context, marketMakerUserId, (committed) =>
    publishCommitted(hub, exchange.writer(committed.pair.productCode), committed),
  );
  await exchange.start();
  exchanges.set(app, exchange);
  knownCodes = new Set(exchange.pairs.map((pair) => pair.productCode));
  if (context.config.marketMaker && marketMakerUserId !== null)
    await fundMarketMaker(context, marketMakerUserId, exchange.pairs);
  app.addHook('onClose', async () => exchange.stop());
  if (marketMakerUserId !== null) context.scheduler.addPeriodic(marketMakerKeysJob(marketMakerUserId));

  // In a cluster, orders for a book this process does not write go to the process that does.
  const redis = context.bus.redis;
  const pairOf = (productCode: string, productType: number) => {
    if (productType !== bibi.BIBI_PRODUCT_TYPE) refuse('error.bibi_unknown_pair', { productCode });
    return exchange.writer(productCode);
  };

  register(bibi.pairs, async ({ context: request }) => {
    const rows = exchange.allWriters().map((writer): bibi.BibiPair => {
      const pair = writer.pair;
      const texts = pairTexts(pair);
      const reference = context.market.lastTick(pair.productCode);
      const last = writer.state === 'ready' ? writer.marketData.last() : null;
      return {
        productCode: pair.productCode,
        productId: pair.productId,
        productType: bibi.BIBI_PRODUCT_TYPE,
        productName: pair.names[request.language] ?? pair.productName,
        pair: pair.pair,
        baseCurrencyId: pair.baseCurrencyId,
        baseCurrencyName: pair.baseCurrencyName,
        quoteCurrencyId: pair.quoteCurrencyId,
        quoteCurrencyName: pair.quoteCurrencyName,
        priceScale: pair.priceScale,
        volumeScale: pair.volumeScale,
        tickSize: texts.tickSize,
        volumeStep: texts.volumeStep,
        minimumVolume: texts.minimumVolume,
        makerFeeRate: formatRate(pair.makerFeeRate),
        takerFeeRate: formatRate(pair.takerFeeRate),
        referencePrice: reference ? formatDecimal(reference.price, pair.priceScale) : null,
        simulated: context.market.simulated,
        lastPrice: last === null ? null : formatDecimal(last, pair.priceScale),
        trading: writer.state === 'ready',
      };
    });
    return { rows, total: rows.length };
  });

  const place = async (
    side: 'buy' | 'sell',
    body: Omit<PlacementRequest, 'side'> & { productCode: string; productType: number },
    request: IdempotentRequestContext,
  ): Promise<bibi.BibiOrderDetail> => {
    const userId = realCustomer(request, marketMakerUserId);
    const writer = pairOf(body.productCode, body.productType);
    if (writer.state === 'not_writer' && redis) return forwardToWriter(redis, writer.pair.productCode, request);
    const plan = planPlacement(writer.pair, pairTexts(writer.pair), { ...body, side });
    return writer.place({
      userId,
      claim: request.claim,
      plan,
      orderMethod: body.orderMethod,
    });
  };

  register(bibi.buy, async ({ body, context: request }) => place('buy', body, request));
  register(bibi.sell, async ({ body, context: request }) => place('sell', body, request));

  register(bibi.cancel, async ({ body, context: request }) => {
    const userId = realCustomer(request, marketMakerUserId);
    const order = await findOrder(db, body.bibiTradeOrderId);
    if (!order || order.userId !== userId) refuse('error.bibi_order_not_found');
    if (order.status !== bibi.BIBI_ORDER_STATUS.open) refuse('error.bibi_order_finished');
    const writer = exchange.writer(order.productCode);
    if (writer.state === 'not_writer' && redis)
      return forwardToWriter<bibi.BibiOrderDetail>(redis, order.productCode, request);
    return writer.cancel({
      userId,
      orderId: order.id,
      claim: request.claim,
    });
  });

  /** The order's pair for naming and scales; a pair that is no longer traded still shows its orders. */
  const viewOf = (order: Awaited<ReturnType<typeof findOrder>> & object) => {
    const writer = exchange.allWriters().find((candidate) => candidate.pair.productCode === order.productCode);
    if (writer) return writer.orderView(order);
    return orderView(order, order.productCode, 8);
  };

  register(bibi.list, async ({ query, context: request }) => {
    if (bookOf(request.user.accountType) === 'demo') return { rows: [], total: 0 };
    const { rows, total } = await listOrders(db, {
      userId: request.user.userId,
      productCode: query.productCode,
      status: query.status,
      finishedOnly: query.finished === 1,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    });
    return { rows: rows.map(viewOf), total };
  });

  register(bibi.detail, async ({ query, context: request }) => {
    const order = await findOrder(db, query.id);
    if (!order || order.userId !== request.user.userId) refuse('error.bibi_order_not_found');
    const trades = await tradesOfOrder(db, order.id);
    return { ...viewOf(order), fills: trades.map((trade) => fillView(trade, order.id, order)) };
  });

  register(bibi.depth, async ({ query }) => {
    const writer = exchange.writer(query.productCode);
    const pair = writer.pair;
    const depth = await exchange.depth(query.productCode, query.levels);
    const levels = (figures: typeof depth.bids) => {
      let cumulative = 0n;
      return figures.map((level): bibi.DepthLevel => {
        cumulative += level.size;
        return {
          price: formatDecimal(level.price, pair.priceScale),
          volume: formatDecimal(level.size, pair.volumeScale),
          cumulativeVolume: formatDecimal(cumulative, pair.volumeScale),
          orderCount: level.count,
          marketMaker: level.marketMakerSize > 0n,
          marketMakerVolume: formatDecimal(level.marketMakerSize, pair.volumeScale),
        };
      });
    };
    return {
      productCode: pair.productCode,
      sequence: depth.sequence,
      bids: levels(depth.bids),
      asks: levels(depth.asks),
      time: context.clock(),
    };
  });

  register(bibi.trades, async ({ query }) => {
    const writer = exchange.writer(query.productCode);
    return exchange.tradeViews(writer.pair, await exchange.recentTrades(query.productCode, query.limit));
  });

  register(bibi.ticker, async ({ query }) => exchange.ticker(query.productCode));

  register(account.userBibiAssetsList, async ({ context: request }) => {
    if (bookOf(request.user.accountType) === 'demo') return { rows: [], total: 0 };
    const userId = request.user.userId;
    const [balances, totals] = await Promise.all([readBalances(db, userId, 'real'), tradeTotals(db, userId)]);
    const byCurrency = new Map(balances.map((balance) => [balance.currencyId, balance]));
    const rows = exchange.pairs.flatMap((pair) => {
      const balance = byCurrency.get(pair.baseCurrencyId);
      const held = balance ? balance.available + balance.frozen : 0n;
      const traded = totals.get(pair.productCode);
      if (held === 0n && !traded) return [];
      return [
        {
          productCode: pair.productCode,
          bibiAmount: formatDecimal(held, pair.baseScale),
          buyAmountAll: formatDecimal(traded?.boughtPaid ?? 0n, pair.quoteScale),
          sellAmountAll: formatDecimal(traded?.soldReceived ?? 0n, pair.quoteScale),
        },
      ];
    });
    return { rows, total: rows.length };
  });
}
