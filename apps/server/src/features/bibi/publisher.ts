/**
 * WebSocket messages of a committed command: the depth levels it changed (`depth:<code>`, with the
 * book's sequence), its trades (`trades:<code>`), the pair's ticker (`bibiTicker:<code>`) and each
 * changed order to its owner (`private:bibiOrders`). Built only when someone listens.
 */
import { bibi } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import { privateOwner, type RealtimeHub } from '../../realtime/hub';
import type { BookWriter, CommittedCommand } from './book-writer';
import type { LevelChange } from './depth-mirror';
import { tickerView } from './exchange';
import type { PairSpec } from './pair-spec';
import { fillView, tradeView } from './views';

function levelChange(pair: PairSpec, change: LevelChange): bibi.DepthLevelChange {
  return {
    price: formatDecimal(change.price, pair.priceScale),
    volume: formatDecimal(change.level.size, pair.volumeScale),
    orderCount: change.level.count,
    marketMaker: change.level.marketMakerSize > 0n,
    marketMakerVolume: formatDecimal(change.level.marketMakerSize, pair.volumeScale),
  };
}

export function publishCommitted(hub: RealtimeHub, writer: BookWriter, committed: CommittedCommand): void {
  const { pair } = committed;
  const depthTopic = bibi.depthTopic(pair.productCode);
  if (hub.hasSubscribers(depthTopic)) {
    const update: bibi.DepthUpdate = {
      productCode: pair.productCode,
      sequence: committed.sequence,
      bids: committed.levels.filter((change) => change.side === 'buy').map((change) => levelChange(pair, change)),
      asks: committed.levels.filter((change) => change.side === 'sell').map((change) => levelChange(pair, change)),
      time: committed.time,
    };
    hub.publish(depthTopic, update);
  }
  if (committed.trades.length > 0) {
    const tradesTopic = bibi.tradesTopic(pair.productCode);
    if (hub.hasSubscribers(tradesTopic)) {
      const message: bibi.TradesMessage = {
        productCode: pair.productCode,
        trades: committed.trades.map((trade) => tradeView(trade, pair)),
      };
      hub.publish(tradesTopic, message);
    }
    const tickerTopic = bibi.tickerTopic(pair.productCode);
    if (hub.hasSubscribers(tickerTopic)) {
      const best = writer.peek((book) => ({ bid: book.bestBid(), ask: book.bestAsk() })) ?? { bid: null, ask: null };
      hub.publish(tickerTopic, tickerView(pair, writer.marketData, best, committed.time));
    }
  }
  for (const { order, fills } of committed.orders) {
    const owner = privateOwner(order.userId, 'real');
    if (!hub.hasPrivateSubscribers(owner, 'bibiOrders')) continue;
    const update: bibi.OrderUpdate = {
      order: writer.orderView(order),
      fills: fills.map((trade) => fillView(trade, order.id, pair)),
    };
    hub.publishPrivate(owner, 'bibiOrders', update);
  }
}
