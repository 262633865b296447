import { newShares } from '@kestrel/contract/web';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { nextPageOf, PAGE_SIZE } from '../../../shared/api/paging';
import { subscriptionsKey } from './keys';

/** My subscriptions, newest first; with an offer id, only those of that offer. */
export function subscriptionListQuery(token: string | null, offerId?: number) {
  return infiniteQueryOptions({
    queryKey: subscriptionsKey(token, offerId ?? 'all'),
    queryFn: ({ pageParam, signal }) =>
      call(newShares.subscriptionList, {
        query: {
          pageNum: pageParam,
          // One offer's subscriptions are few (the per-customer maximum bounds them): one page holds them.
          pageSize: offerId ? 100 : PAGE_SIZE,
          ...(offerId ? { newProductApplyPurchaseId: offerId } : {}),
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useSubscriptionList(offerId?: number) {
  return useInfiniteQuery(subscriptionListQuery(useSessionToken(), offerId));
}
