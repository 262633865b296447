import { launch } from '@kestrel/contract';
import { useEndpoint } from './queries';

/** The platform currencies (public), for the forms that name one. */
export function useCurrencies() {
  const query = useEndpoint(launch.platformCurrencyList, {}, { staleTime: 5 * 60_000 });
  const rows = query.data?.rows ?? [];
  return {
    ...query,
    options: rows.map((row) => ({ value: row.id, label: row.currencyName })),
    nameOf: (id: number) => rows.find((row) => row.id === id)?.currencyName ?? `#${id}`,
  };
}
