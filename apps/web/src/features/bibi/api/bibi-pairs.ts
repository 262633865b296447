import { bibi } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { marketKey } from './keys';

/** `bibiTradeOrder/pairs`: every coin-to-coin pair with its tick, step, minimum and fee rates. */
export function bibiPairsQuery() {
  return queryOptions({
    queryKey: marketKey('pairs'),
    queryFn: ({ signal }) => call(bibi.pairs, { signal }),
    select: (answer) => answer.rows,
    staleTime: 60_000,
  });
}

export const useBibiPairs = () => useQuery(bibiPairsQuery());
