import { bibi } from '@kestrel/contract/web';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { marketKey } from './keys';

/**
 * Levels per side the screen asks for: the most one snapshot carries, so increments can delete many
 * levels before the shown ones run short and a new snapshot is needed (lib/depth-book.ts).
 */
export const DEPTH_SNAPSHOT_LEVELS = bibi.DEPTH_LEVELS_MAX;

/** `bibiTradeOrder/depth`: the book's snapshot with its sequence. Refetched on a gap, never from cache. */
export function bibiDepthQuery(productCode: string) {
  return queryOptions({
    queryKey: marketKey('depth', productCode),
    queryFn: ({ signal }) => call(bibi.depth, { query: { productCode, levels: DEPTH_SNAPSHOT_LEVELS }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

export const useBibiDepth = (productCode: string | null) =>
  useQuery({ ...bibiDepthQuery(productCode ?? ''), enabled: productCode !== null });
