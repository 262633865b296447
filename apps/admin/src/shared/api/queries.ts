import type { Endpoint, QueryOf } from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useRef } from 'react';
import { call, newIdempotencyKey, type CallOptions, type CallResult } from './call';
import { isApiError } from './errors';

const ROOT = 'operator';

/** The query key of an endpoint's answers: ['operator', path, query]. A mutation invalidates by path. */
export function endpointKey(endpoint: Endpoint, query?: unknown): unknown[] {
  return query === undefined ? [ROOT, endpoint.path] : [ROOT, endpoint.path, query];
}

/** Reads one endpoint; a paged list keeps the previous page on screen while the next loads. */
export function useEndpoint<E extends Endpoint>(
  endpoint: E,
  query?: QueryOf<E>,
  options: Omit<UseQueryOptions<CallResult<E>, Error>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<CallResult<E>, Error>({
    queryKey: endpointKey(endpoint, query ?? {}),
    queryFn: ({ signal }) => call(endpoint, { query, signal } as CallOptions<E>),
    placeholderData: endpoint.answer.kind === 'rows' ? keepPreviousData : undefined,
    ...options,
  });
}

/**
 * One key per operator action. The same action retried (the same body after a lost answer or a
 * time-out) reuses its key, so the server applies it at most once; once the server has answered,
 * done or refused, or the operator changes what they ask for, the next request gets a new key.
 */
export class IdempotencyKeeper {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly create: () => string = newIdempotencyKey) {}

  keyFor(fingerprint: string): string {
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.create() };
    return this.current.key;
  }

  /** After an answer: a refusal or success ends the action; an unknown outcome keeps the key. */
  settle(error?: unknown): void {
    if (error === undefined || (isApiError(error) && error.kind !== 'transport')) this.current = null;
  }
}

export interface ActionVariables<E extends Endpoint> {
  query?: CallOptions<E>['query'];
  body?: CallOptions<E>['body'];
}

/**
 * The one mutation hook of the console: calls `endpoint`, supplies the Idempotency-Key for exactly
 * the endpoints the contract marks `idempotent` (kept across retries of the same action), and then
 * refreshes every query of the endpoints named in `invalidates`.
 */
export function useAction<E extends Endpoint>(endpoint: E, invalidates: readonly Endpoint[] = []) {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper()).current;
  return useMutation<CallResult<E>, Error, ActionVariables<E>>({
    mutationFn: async (variables) => {
      const idempotencyKey = endpoint.idempotent ? keeper.keyFor(JSON.stringify(variables)) : undefined;
      try {
        const answer = await call(endpoint, { ...variables, idempotencyKey } as CallOptions<E>);
        keeper.settle();
        return answer;
      } catch (error) {
        keeper.settle(error);
        throw error;
      }
    },
    onSettled: () =>
      Promise.all(invalidates.map((changed) => queryClient.invalidateQueries({ queryKey: endpointKey(changed) }))),
  });
}
