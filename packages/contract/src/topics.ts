/** Coin-to-coin WebSocket topic names (the `bibi` namespace re-exports them). No schemas here: the phone loads it. */
export const BIBI_TOPIC_PREFIXES = { depth: 'depth:', trades: 'trades:', ticker: 'bibiTicker:' } as const;
export const BIBI_PRIVATE_TOPIC = 'private:bibiOrders';

export function depthTopic(productCode: string): string {
  return `${BIBI_TOPIC_PREFIXES.depth}${productCode}`;
}
export function tradesTopic(productCode: string): string {
  return `${BIBI_TOPIC_PREFIXES.trades}${productCode}`;
}
export function tickerTopic(productCode: string): string {
  return `${BIBI_TOPIC_PREFIXES.ticker}${productCode}`;
}
