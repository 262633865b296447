import type { Product } from '@kestrel/contract/web';
import { useEffect } from 'react';
import { useLiveTickers } from '../../shared/realtime/live-tickers';
import { useSelectedProductStore } from '../../shared/store/selected-product';
import { useHomeRecommendProducts } from './api/home-recommend-products-list';

export interface HomeProducts {
  /** The recommended products with live prices. */
  products: Product[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * The recommended products every home layout starts from (the quotes card, the rankings, the
 * spotlight's movers), with live prices. SPEC §3: the first quote is the default selected product,
 * whichever layout shows it.
 */
export function useHomeProducts(): HomeProducts {
  const recommendations = useHomeRecommendProducts();
  const products = useLiveTickers(recommendations.data);
  const selectDefault = useSelectedProductStore((state) => state.selectDefault);
  const first = recommendations.data?.[0];
  useEffect(() => {
    if (first) selectDefault(first);
  }, [first, selectDefault]);
  return {
    products,
    loading: recommendations.isPending,
    failed: recommendations.isError,
    retry: () => void recommendations.refetch(),
  };
}
