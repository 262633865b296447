import type PullToRefreshComponent from 'antd-mobile/es/components/pull-to-refresh';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

type PullToRefresh = typeof PullToRefreshComponent;

let loaded: PullToRefresh | null = null;
let loading: Promise<PullToRefresh> | null = null;

/**
 * Fetches pull to refresh's code. It brings react-spring and use-gesture (the antd-mobile-motion chunk,
 * vite.config.ts), which nothing else on the first screen needs, so it loads beside the first screen
 * (routes.tsx starts it with the first screens) instead of inside its static imports.
 */
export function preloadPullToRefresh(): Promise<PullToRefresh> {
  loading ??= import('antd-mobile/es/components/pull-to-refresh').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = null; // a later screen may try again
      throw error;
    },
  );
  return loading;
}

/** The component once its chunk is in; null until then (or for good if the chunk cannot be fetched). */
function usePullToRefresh(): PullToRefresh | null {
  const [component, setComponent] = useState<PullToRefresh | null>(() => loaded);
  useEffect(() => {
    if (component) return undefined;
    let mounted = true;
    preloadPullToRefresh().then(
      (loadedComponent) => mounted && setComponent(() => loadedComponent),
      // Without the gesture the screen still works: its own retry buttons and live data remain.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [component]);
  return component;
}

/** Puts the content's own element in here (see Refreshable). */
function ContentSlot({ content }: { content: HTMLElement }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    slot.current?.appendChild(content);
  }, [content]);
  return <div ref={slot} />;
}

/**
 * Pull to refresh (DESIGN §7) with the texts in the customer's language. Until its code has arrived
 * (usually before the screen's data) the content is drawn as it is, without the gesture.
 *
 * The content is rendered through a portal into an element of its own, which moves into the gesture's
 * box when that arrives. Wrapped directly, the content would be a different tree then and React would
 * mount it again: a sheet the customer had opened would close and a typed figure would be lost.
 */
export function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const PullToRefresh = usePullToRefresh();
  const [content] = useState(() => document.createElement('div'));
  const slot = <ContentSlot content={content} />;
  return (
    <>
      {PullToRefresh ? (
        <PullToRefresh
          onRefresh={async () => {
            await onRefresh();
          }}
          pullingText={t('common.refresh_pull')}
          canReleaseText={t('common.refresh_release')}
          refreshingText={t('common.refreshing')}
          completeText={t('common.done')}
        >
          {slot}
        </PullToRefresh>
      ) : (
        slot
      )}
      {/* Second, so the slot has put the element in the page before the content's layout effects run. */}
      {createPortal(children, content)}
    </>
  );
}
