import type { Product } from '@kestrel/contract/web';
import { create } from 'zustand';

type SelectionCallback = (product: Product, previous: Product | null) => void;

/**
 * The product the trade tab shows (SPEC §4 "Selected product"). The first home quote is the default;
 * changing it runs the registered callback (the trade screen uses it to resubscribe its topics).
 */
export interface SelectedProductState {
  product: Product | null;
  select: (product: Product) => void;
  /** Only selects when nothing is selected yet: the home list's first quote is the default. */
  selectDefault: (product: Product) => void;
  /** Registers THE callback (one at a time, as SPEC §4 says); returns a function that removes it. */
  registerCallback: (callback: SelectionCallback) => () => void;
}

let registered: SelectionCallback | null = null;

export const useSelectedProductStore = create<SelectedProductState>()((set, get) => ({
  product: null,
  select: (product) => {
    const previous = get().product;
    set({ product });
    if (previous?.productCode !== product.productCode) registered?.(product, previous);
  },
  selectDefault: (product) => {
    if (get().product === null) get().select(product);
  },
  registerCallback: (callback) => {
    registered = callback;
    return () => {
      if (registered === callback) registered = null;
    };
  },
}));
