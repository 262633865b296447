import type { BodyOf, Route } from '@kestrel/contract/web';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { call, type CallResult } from './call';
import type { FieldRefusalFilter } from './request';
import { invalidateCustomerData, type CustomerData } from './customer-keys';
import { IdempotencyKeeper, withIdempotencyKey } from './idempotency';

export interface MoneyMutationOptions<E extends Route, Variables> {
  /** The customer's data this call changes, refreshed once it settles (done or refused). */
  changes: readonly CustomerData[];
  /** The body from what the screen passes to `mutate`; by default the screen passes the body. */
  body?: (variables: Variables) => BodyOf<E>;
  /** Anything else to refresh (public data such as published statistics). */
  alsoRefresh?: (queryClient: QueryClient) => Promise<unknown>;
  /** Refusals the form shows under the field they concern, not as a toast (request.ts showsRefusal). */
  showsRefusal?: FieldRefusalFilter;
}

/**
 * The one mutation hook of the app's calls that change the customer's data. For exactly the endpoints
 * the contract marks `idempotent` it supplies the Idempotency-Key (one per customer action, kept across
 * retries of the same body: idempotency.ts), so no screen forgets it; and it refreshes what the call
 * changed, as `changes` names it.
 */
export function useMoneyMutation<E extends Route, Variables = BodyOf<E>>(
  endpoint: E,
  options: MoneyMutationOptions<E, Variables>,
) {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation<CallResult<E>, Error, Variables>({
    mutationFn: (variables) => {
      const body = options.body ? options.body(variables) : (variables as BodyOf<E>);
      const showsRefusal = options.showsRefusal;
      if (!endpoint.idempotent) return call(endpoint, { body, showsRefusal });
      return withIdempotencyKey(keeper, body, (headers) => call(endpoint, { body, headers, showsRefusal }));
    },
    onSettled: () =>
      Promise.all([invalidateCustomerData(queryClient, ...options.changes), options.alsoRefresh?.(queryClient)]),
  });
}
