import type { bibi } from '@kestrel/contract/web';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSelectedProductStore } from '../../shared/store/selected-product';
import { useBibiPairs } from './api/bibi-pairs';

/** The pair a deep link without a product opens when the selected product is not a pair either. */
export const DEFAULT_PAIR_CODE = 'X:BTCUSD';

export interface PairChoice {
  pair: bibi.BibiPair | null;
  pairs: bibi.BibiPair[];
  pending: boolean;
  failed: boolean;
  retry: () => void;
  choose: (productCode: string) => void;
}

/** Which pair to show, of those that exist: the URL's, the selected product's, BTC's, else the first. */
export function choosePair(
  pairs: readonly bibi.BibiPair[],
  fromUrl: string | null,
  selected: string | null,
): bibi.BibiPair | null {
  for (const code of [fromUrl, selected, DEFAULT_PAIR_CODE]) {
    const pair = code ? pairs.find((row) => row.productCode === code) : undefined;
    if (pair) return pair;
  }
  return pairs[0] ?? null;
}

/**
 * The pair of `/pages/quoteDetail/bibi?productCode=<code>` (the trade tab links crypto products there);
 * without a code, the selected product when it is a pair, then BTC. Switching pairs replaces the URL,
 * so back leaves the screen instead of walking through every pair looked at.
 */
export function usePair(): PairChoice {
  const [params, setParams] = useSearchParams();
  const selected = useSelectedProductStore((state) => state.product?.productCode ?? null);
  const query = useBibiPairs();
  const pairs = query.data ?? [];
  const choose = useCallback(
    (productCode: string) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('productCode', productCode);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return {
    pair: choosePair(pairs, params.get('productCode'), selected),
    pairs,
    pending: query.isPending,
    failed: query.isError,
    retry: () => void query.refetch(),
    choose,
  };
}
