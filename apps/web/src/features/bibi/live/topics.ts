import { bibi } from '@kestrel/contract/web';
import type { Topic } from '../../../shared/realtime/topics';

/** The pair's public topics with the message types the contract gives them. */
export function depthTopic(productCode: string): Topic<bibi.DepthUpdate> {
  return bibi.depthTopic(productCode);
}

export function tradesTopic(productCode: string): Topic<bibi.TradesMessage> {
  return bibi.tradesTopic(productCode);
}

export function pairTickerTopic(productCode: string): Topic<bibi.BibiTicker> {
  return bibi.tickerTopic(productCode);
}
