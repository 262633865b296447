import type { bibi } from '@kestrel/contract/web';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTopic } from '../../../shared/realtime/use-topic';
import { DEPTH_SNAPSHOT_LEVELS, useBibiDepth } from '../api/bibi-depth';
import {
  applyDepthSnapshot,
  applyDepthUpdate,
  depthView,
  emptyDepthBook,
  needsSnapshot,
  type DepthBookState,
  type DepthView,
} from '../lib/depth-book';
import { depthTopic } from './topics';

/** Levels per side the book shows. */
export const SHOWN_LEVELS = 8;

/** The least time between two snapshot requests: a burst of gaps costs one fetch, not one per message. */
const RESYNC_INTERVAL_MS = 1_000;

export interface LiveDepth {
  view: DepthView;
  /** No snapshot has arrived yet. */
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * The pair's book, live: the REST snapshot, then `depth:<code>` increments in sequence; a gap or a thinned
 * side fetches a new snapshot (lib/depth-book.ts has the rules). Updates are applied once per animation
 * frame however many arrive.
 */
export function useDepthBook(pair: bibi.BibiPair): LiveDepth {
  const fresh = () => emptyDepthBook(pair.productCode, pair.priceScale, pair.volumeScale);
  const book = useRef<DepthBookState>(fresh());
  const [version, setVersion] = useState(0);
  const frame = useRef<number | null>(null);
  const snapshot = useBibiDepth(pair.productCode);
  const lastResync = useRef(0);

  if (book.current.productCode !== pair.productCode) book.current = fresh();

  const render = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setVersion((value) => value + 1);
    });
  };
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  useTopic(depthTopic(pair.productCode), (update) => {
    book.current = applyDepthUpdate(book.current, update);
    render();
  });

  // dataUpdatedAt, not data: a refetch answering the same book keeps the same data object (structural
  // sharing), yet it must still be applied to leave the resync phase.
  const { data, dataUpdatedAt } = snapshot;
  useEffect(() => {
    if (!data) return;
    book.current = applyDepthSnapshot(book.current, data, DEPTH_SNAPSHOT_LEVELS);
    setVersion((value) => value + 1);
  }, [data, dataUpdatedAt]);

  const stale = needsSnapshot(book.current, SHOWN_LEVELS) && snapshot.data !== undefined;
  const { refetch, isFetching } = snapshot;
  useEffect(() => {
    if (!stale || isFetching) return undefined;
    const wait = Math.max(0, lastResync.current + RESYNC_INTERVAL_MS - Date.now());
    const timer = window.setTimeout(() => {
      lastResync.current = Date.now();
      void refetch({ cancelRefetch: false });
    }, wait);
    return () => window.clearTimeout(timer);
  }, [stale, isFetching, refetch, version]);

  // `version` is the book's change counter: the view is recomputed when the book changed.
  const view = useMemo(() => depthView(book.current, SHOWN_LEVELS), [version, pair.productCode]);
  return {
    view,
    loading: book.current.phase === 'waiting' && !snapshot.isError,
    failed: snapshot.isError && book.current.phase === 'waiting',
    retry: () => void refetch(),
  };
}
