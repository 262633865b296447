import { identity } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIsDemo } from '../../account/demo';
import { call } from '../../api/call';
import { customerKey, useSessionToken } from '../../api/customer-keys';

export type IdentitySummary = Awaited<ReturnType<typeof fetchSummary>>;
export type IdentityGateView = IdentitySummary['gates'][number];

const fetchSummary = (signal: AbortSignal) => call(identity.userAuthSummary, { signal });

/**
 * `userAuthRecord/summary`: both levels' status, what each gate needs and the withdrawal amount above
 * which basic verification is needed. Only for a logged-in real account: a demo session is refused
 * (`error.real_account_only`) and a guest has nothing to verify, so neither asks.
 */
export function identitySummaryQuery(token: string | null, demo: boolean) {
  return queryOptions({
    queryKey: customerKey('identity', token, 'summary'),
    queryFn: ({ signal }) => fetchSummary(signal),
    enabled: token !== null && !demo,
    staleTime: 30_000,
  });
}

export function useIdentitySummary() {
  return useQuery(identitySummaryQuery(useSessionToken(), useIsDemo()));
}

/** One gate of the summary, or null while it loads, when it failed, or for a guest or a demo account. */
export function useIdentityGate(gate: identity.IdentityGate): {
  view: IdentityGateView;
  summary: IdentitySummary;
} | null {
  const summary = useIdentitySummary();
  const view = summary.data?.gates.find((entry) => entry.gate === gate);
  return summary.data && view ? { view, summary: summary.data } : null;
}
