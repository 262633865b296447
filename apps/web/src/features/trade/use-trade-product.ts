import type { Product } from '@kestrel/contract/web';
import { useEffect } from 'react';
import { useSelectedProductStore } from '../../shared/store/selected-product';
import { useDefaultProduct } from './api/default-product';
import { useProductDetail } from './api/product-detail';

export interface TradeProduct {
  product: Product | null;
  /** Nothing selected yet and the default is still loading. */
  pending: boolean;
  /** Nothing selected and the default could not load (or there is no product at all). */
  missing: boolean;
  retry: () => void;
}

/**
 * The product the trade tab shows: the selected one (SPEC §4), or the first home quote by default,
 * refreshed from product/detail so the session state and ticker blocks are current.
 */
export function useTradeProduct(): TradeProduct {
  const selected = useSelectedProductStore((state) => state.product);
  const selectDefault = useSelectedProductStore((state) => state.selectDefault);
  const fallback = useDefaultProduct(selected === null);
  useEffect(() => {
    if (!selected && fallback.data) selectDefault(fallback.data);
  }, [selected, fallback.data, selectDefault]);
  const detail = useProductDetail(selected);
  const product = selected ? (detail.data?.productCode === selected.productCode ? detail.data : selected) : null;
  return {
    product,
    pending: selected === null && fallback.isPending,
    missing: selected === null && !fallback.isPending && !fallback.data,
    retry: () => void fallback.refetch(),
  };
}
