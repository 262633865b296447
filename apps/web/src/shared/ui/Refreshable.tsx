import type PullToRefreshComponent from 'antd-mobile/es/components/pull-to-refresh';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen } from '../lazy/after-first-screen';

type PullToRefresh = typeof PullToRefreshComponent;

let loaded: PullToRefresh | null = null;
let loading: Promise<PullToRefresh> | null = null;
/** As long after the page's load as the other tabs' code (app/routes.tsx TAB_PRELOAD_DELAY_MS). */
const GESTURE_DELAY_MS = 1_500;
/** Screens drawn without the gesture, told when its code arrives (whoever started the load). */
const waiting = new Set<(component: PullToRefresh) => void>();

/**
 * Fetches pull to refresh's code. It brings react-spring and use-gesture (the antd-mobile-motion chunk,
 * vite.config.ts), which nothing on the first screen needs to draw, so it loads once the first screen
 * has settled (routes.tsx preloadTabsAndFallbacks, or the first Refreshable after that) rather than
 * competing with the first screen's own code and data on a slow line.
 */
export function preloadPullToRefresh(): Promise<PullToRefresh> {
  loading ??= import('antd-mobile/es/components/pull-to-refresh').then(
    (module) => {
      loaded = module.default;
      for (const notify of waiting) notify(module.default);
      waiting.clear();
      return module.default;
    },
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
    if (loaded) {
      setComponent(() => loaded);
      return undefined;
    }
    const notify = (loadedComponent: PullToRefresh) => setComponent(() => loadedComponent);
    waiting.add(notify);
    // Without the gesture the screen still works meanwhile: its own retry buttons and live data remain.
    const cancel = afterFirstScreen(() => void preloadPullToRefresh().catch(() => undefined), GESTURE_DELAY_MS);
    return () => {
      waiting.delete(notify);
      cancel();
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
 * (soon after the first screen has settled) the content is drawn as it is, without the gesture.
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
