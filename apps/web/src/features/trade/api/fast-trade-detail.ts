import { fastTrade } from '@kestrel/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { customerKey } from '../../../shared/api/customer-keys';

/** How many times a due fast trade's detail is polled (every 1.5 s) before the ticket offers a retry. */
export const SETTLE_POLLS_MAX = 40;
const SETTLE_POLL_MS = 1_500;

/**
 * One of my fast trades. Polled only once its countdown has ended and no `private:fastOrders` message
 * has settled it yet; the WebSocket message writes the same cache entry.
 */
export function fastTradeDetailQuery(token: string | null, id: number, due: boolean) {
  return queryOptions({
    queryKey: customerKey('fastTrades', token, 'detail', id),
    queryFn: ({ signal }) => call(fastTrade.fastTradeOrderDetail, { query: { id }, signal }),
    enabled: token !== null && due,
    refetchInterval: (query) =>
      query.state.data?.status === fastTrade.FAST_TRADE_STATUS.settled ||
      query.state.dataUpdateCount >= SETTLE_POLLS_MAX
        ? false
        : SETTLE_POLL_MS,
  });
}
