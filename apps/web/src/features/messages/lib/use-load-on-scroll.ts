import { useEffect, useRef } from 'react';

/**
 * Infinite scroll: calls `load` when the returned element comes within 300 px of the viewport, while
 * `enabled` (a next page exists and none is loading). The list's "load more" button stays as the
 * fallback for browsers without IntersectionObserver.
 */
export function useLoadOnScroll<Element extends HTMLElement>(enabled: boolean, load: () => void) {
  const ref = useRef<Element>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
