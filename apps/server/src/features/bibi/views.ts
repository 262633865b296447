/** Rows to wire shapes (packages/contract/src/endpoints/bibi.ts). Amounts become decimal strings here. */
import type { bibi } from '@kestrel/contract';
import { divide, formatDecimal } from '@kestrel/domain';
import type { OrderRow, TradeRow } from './repository';

type TimeInForce = bibi.BibiOrder['timeInForce'];
type CancelReason = bibi.BibiOrder['cancelReason'];

export function orderView(order: OrderRow, pairName: string, frozenScale: number): bibi.BibiOrder {
  const amount = (units: bigint) => formatDecimal(units, order.quoteScale);
  const volume = (units: bigint) => formatDecimal(units, order.volumeScale);
  return {
    id: order.id,
    productCode: order.productCode,
    pair: pairName,
    orderDirection: order.side === 'buy' ? 0 : 1,
    orderMethod: order.orderMethod,
    timeInForce: order.timeInForce as TimeInForce,
    postOnly: order.postOnly,
    productPrice: order.price === null ? null : formatDecimal(order.price, order.priceScale),
    orderVolume: order.volume === null ? null : volume(order.volume),
    orderAmount: order.quoteBudget === null ? null : amount(order.quoteBudget),
    filledVolume: volume(order.filledVolume),
    filledAmount: amount(order.filledAmount),
    averagePrice:
      order.filledVolume === 0n
        ? null
        : formatDecimal(
            divide(
              order.filledAmount,
              order.quoteScale,
              order.filledVolume,
              order.volumeScale,
              order.priceScale,
              'half-up',
            ),
            order.priceScale,
          ),
    remainingVolume: volume(order.remainingVolume),
    feeAmount: amount(order.fee),
    frozenAmount: formatDecimal(order.frozen, frozenScale),
    frozenCurrencyId: order.frozenCurrencyId,
    status: order.status,
    cancelReason: (order.cancelReason as CancelReason) ?? null,
    marketMaker: order.marketMaker,
    createTime: order.createdAt,
    updateTime: order.updatedAt,
    finishTime: order.finishedAt,
  };
}

/** One fill as seen from one of its two orders. */
export function fillView(
  trade: TradeRow,
  orderId: number,
  scales: { priceScale: number; volumeScale: number; quoteScale: number },
): bibi.BibiFill {
  const maker = trade.makerOrderId === orderId;
  return {
    tradeId: trade.sequence,
    price: formatDecimal(trade.price, scales.priceScale),
    volume: formatDecimal(trade.volume, scales.volumeScale),
    amount: formatDecimal(trade.amount, scales.quoteScale),
    fee: formatDecimal(maker ? trade.makerFee : trade.takerFee, scales.quoteScale),
    role: maker ? 'maker' : 'taker',
    counterpartyMarketMaker: maker ? trade.takerMarketMaker : trade.makerMarketMaker,
    time: trade.createdAt,
  };
}

export function tradeView(
  trade: TradeRow,
  scales: { priceScale: number; volumeScale: number; quoteScale: number },
): bibi.BibiTrade {
  return {
    tradeId: trade.sequence,
    productCode: trade.productCode,
    price: formatDecimal(trade.price, scales.priceScale),
    volume: formatDecimal(trade.volume, scales.volumeScale),
    amount: formatDecimal(trade.amount, scales.quoteScale),
    takerDirection: trade.takerSide === 'buy' ? 0 : 1,
    marketMaker: trade.makerMarketMaker || trade.takerMarketMaker,
    time: trade.createdAt,
  };
}
