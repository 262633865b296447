import type { FastifyInstance } from 'fastify';
import { contracts, spot, bookOf } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { customerIdempotency, endpointRegistrar, type UserRequestContext } from '../../http/route';
import type { RealtimeHub } from '../../realtime/hub';
import {
  closeAllPositions,
  closeByTriggers,
  closeOwnPosition,
  listPositions,
  openPosition,
  positionDetail,
  updateStopPrices,
  followPosition,
  type ContractRuntime,
  type Owner,
  type PositionChanged,
} from './contract-service';
import { openWriterLocks, WRITER_LOCK_CLASS } from '../../core/writer-locks';
import { findPosition } from './position-repository';
import { PositionStream } from './position-stream';
import { tradeSettingDetail } from './settings-service';
import { buySpot, listSpotOrders, sellSpot, spotHoldings, spotOrderDetail } from './spot-service';
import { readTradeCurrency } from './trade-gate';
import { TradeQueue } from './trade-queue';
import { TriggerEngine } from './trigger-engine';
import { CopyMirror } from './copy/copy-mirror';
import { registerCopyTrading } from './copy/copy-routes';

function ownerOf(request: UserRequestContext): Owner {
  return { userId: request.user.userId, book: bookOf(request.user.accountType) };
}

/**
 * Spot and contract trading (issue 5): the routes, the trigger engine on every tick (rebuilt from the
 * open positions at start) and the private position streams. Stops listening and lets queued closes
 * finish when the app closes.
 */
export async function tradingFeature(app: FastifyInstance, context: AppContext, hub: RealtimeHub): Promise<void> {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  const currency = await readTradeCurrency(db);
  const queue = new TradeQueue();
  const stream = new PositionStream(db, context.market, hub, context.clock, context.log);
  // The engine closes through the runtime, which holds the engine: the close looks the runtime up when a tick fires.
  const triggerLocks = await openWriterLocks(db, context.database.dialect, WRITER_LOCK_CLASS.triggers);
  const engine = new TriggerEngine(
    context.market,
    queue,
    (firings) => closeByTriggers(contractRuntime, firings),
    (positionId) => findPosition(db, positionId),
    context.log,
    triggerLocks,
    db,
    context.clock,
  );
  const copies = new CopyMirror();
  const contractRuntime: ContractRuntime = { context, currency, queue, engine, stream, copies };
  const spotRuntime = { context, currency, stream };

  // A position another process changed: read it back and follow it here too. Listening starts before
  // the rebuild, so news of a position committed while the rebuild reads is kept (the engine holds it
  // until the product's guard starts).
  const stopFollowing = context.bus.subscribe('positions', (envelope) => {
    if (envelope.origin === context.bus.processId) return;
    const { positionId } = envelope.message as PositionChanged;
    if (!Number.isSafeInteger(positionId)) return;
    void findPosition(db, positionId)
      .then((position) => position && followPosition(contractRuntime, position))
      .catch((error: unknown) => context.log.warn({ err: error, positionId }, 'position change not followed'));
  });
  // After a restart the index (and the stream's view of who holds what) is rebuilt from the database.
  const rebuilt = await engine.rebuild((position) => stream.track(position));
  context.log.info({ openPositions: rebuilt, triggers: engine.index.size }, 'trigger index rebuilt');
  engine.start();
  stream.start();
  // Copies left pending or open by a stop are picked up at once (copy/copy-mirror.ts).
  copies.attach(contractRuntime);
  copies.start();
  app.addHook('onClose', async () => {
    stopFollowing();
    copies.stop();
    engine.stop();
    stream.stop();
    await queue.drain();
    await triggerLocks.close();
  });

  register(contracts.productTradeSettingDetail, async ({ query }) => tradeSettingDetail(context, query.productCode));

  register(contracts.buy, async ({ body, context: request }) =>
    openPosition(contractRuntime, ownerOf(request), body, request.once, request.language),
  );
  register(contracts.sell, async ({ body, context: request }) =>
    closeOwnPosition(contractRuntime, ownerOf(request), body.positionId, request.once, request.language),
  );
  register(contracts.sellAll, async ({ body, context: request }) =>
    closeAllPositions(contractRuntime, ownerOf(request), body.productCode, request.once, request.language),
  );
  register(contracts.updateStopPrice, async ({ body, context: request }) =>
    updateStopPrices(contractRuntime, ownerOf(request), body, request.language),
  );
  register(contracts.list, async ({ query, context: request }) =>
    listPositions(contractRuntime, ownerOf(request), query, request.language),
  );
  register(contracts.detail, async ({ query, context: request }) =>
    positionDetail(contractRuntime, ownerOf(request), query.id, request.language),
  );

  registerCopyTrading(register, contractRuntime, ownerOf);

  register(spot.addSpotTradeOrder, async ({ body, context: request }) =>
    buySpot(spotRuntime, ownerOf(request), body, request.once, request.language),
  );
  register(spot.sellSpotTradeOrder, async ({ body, context: request }) =>
    sellSpot(spotRuntime, ownerOf(request), body.spotTradeOrderId, request.once, request.language),
  );
  register(spot.spotTradeOrderList, async ({ query, context: request }) =>
    listSpotOrders(spotRuntime, ownerOf(request), query, request.language),
  );
  register(spot.spotTradeOrderDetail, async ({ query, context: request }) =>
    spotOrderDetail(spotRuntime, ownerOf(request), query.id, request.language),
  );
  register(spot.spotTradeOrderHoldings, async ({ context: request }) =>
    spotHoldings(spotRuntime, ownerOf(request), request.language),
  );
}
