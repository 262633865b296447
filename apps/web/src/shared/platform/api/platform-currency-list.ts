import { launch, type AnswerOf } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

export type PlatformCurrency = AnswerOf<typeof launch.platformCurrencyList>;

/** SPEC §3 "Platform currency": the rows, the same rows indexed by id, and address types split on '/'. */
export interface PlatformCurrencies {
  rows: PlatformCurrency[];
  byId: ReadonlyMap<number, PlatformCurrency>;
  addressTypes: (currencyId: number) => string[];
}

export function indexCurrencies(rows: PlatformCurrency[]): PlatformCurrencies {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows,
    byId,
    addressTypes: (currencyId) =>
      (byId.get(currencyId)?.walletAddressType ?? '')
        .split('/')
        .map((type) => type.trim())
        .filter((type) => type !== ''),
  };
}

export function platformCurrenciesQuery() {
  return queryOptions({
    queryKey: ['platform', 'currencies'],
    queryFn: ({ signal }) => call(launch.platformCurrencyList, { signal }),
    staleTime: Infinity,
    select: (answer) => indexCurrencies(answer.rows),
  });
}

export function usePlatformCurrencies() {
  return useQuery(platformCurrenciesQuery());
}
