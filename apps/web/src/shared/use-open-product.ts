import type { Product } from '@kestrel/contract/web';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from './paths';
import { useSelectedProductStore } from './store/selected-product';

/** SPEC §4: jumping to a product saves it as the selected product and switches to the trade tab. */
export function useOpenProduct(): (product: Product) => void {
  const navigate = useNavigate();
  const select = useSelectedProductStore((state) => state.select);
  return useCallback(
    (product: Product) => {
      select(product);
      navigate(PATHS.trade);
    },
    [navigate, select],
  );
}
