import type { QueryClient } from '@tanstack/react-query';
import { useSelectedProductStore } from '../../shared/store/selected-product';
import { defaultProductQuery } from './api/default-product';

/**
 * What the trade tab's first screen waits for, requested when the app opens on it, beside the screen's
 * own code rather than after it has arrived and rendered: opened straight away nothing is selected
 * yet, so the header (the product and its price, the screen's largest text) waits for the default
 * product. The query is the screen's own (use-trade-product.ts), so the screen finds it answered or on
 * the way.
 */
export function prefetchTrade(queryClient: QueryClient): void {
  if (useSelectedProductStore.getState().product !== null) return;
  // Failures are the screen's to show: its own query asks again when it mounts.
  void queryClient.prefetchQuery(defaultProductQuery());
}
