import { CONSTANTS } from '@kestrel/contract/web';
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError, loadChunk, type ScreenModule } from './load-chunk';

/** SPEC §2/§9 async page delays, overridable so tests need not wait a minute. */
export interface LazyScreenTimings {
  /** Nothing is shown before this (a fast load should not flash a spinner). */
  delayMs?: number;
  /** After this the loading screen turns into an error screen. */
  timeoutMs?: number;
  /** After this the chunk load itself fails with type `timeout`. */
  chunkTimeoutMs?: number;
  /**
   * Shown at once instead of the empty first 200 ms, for a screen whose look is known before it loads
   * (the launch page shows the same splash as index.html, so the brand never blinks).
   */
  placeholder?: ReactNode;
}

/** A lazily loaded screen that can also be fetched ahead of time. */
export type LazyScreen = ComponentType & {
  /** Starts loading the chunk now (for example while the launch page works), without rendering. */
  preload: () => void;
};

/**
 * A route's screen, loaded when first shown: nothing for 200 ms, then a loading screen; an error screen
 * if it is still loading after 60 s; and `request.chunk_failed` with its type if the chunk fails
 * (missing, timeout after 120 s, or error).
 */
export function lazyScreen(load: () => Promise<ScreenModule>, timings: LazyScreenTimings = {}): LazyScreen {
  const delayMs = timings.delayMs ?? CONSTANTS.asyncPageDelayMs;
  const timeoutMs = timings.timeoutMs ?? CONSTANTS.asyncPageTimeoutMs;
  // One load per screen, shared by preload() and React.lazy.
  let loading: Promise<ScreenModule> | null = null;
  const loadOnce = () => (loading ??= loadChunk(load, timings.chunkTimeoutMs ?? CONSTANTS.chunkLoadTimeoutMs));
  const Screen = lazy(loadOnce);
  const placeholder = timings.placeholder;

  function LazyScreen() {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={<DelayedLoading delayMs={delayMs} timeoutMs={timeoutMs} placeholder={placeholder} />}>
          <Screen />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return Object.assign(LazyScreen, {
    preload: () => {
      // A failed preload is reported when the screen is shown, by the error boundary.
      loadOnce().catch(() => undefined);
    },
  });
}

type LoadingPhase = 'waiting' | 'loading' | 'timed-out';

function DelayedLoading({
  delayMs,
  timeoutMs,
  placeholder,
}: {
  delayMs: number;
  timeoutMs: number;
  placeholder: ReactNode;
}) {
  const [phase, setPhase] = useState<LoadingPhase>('waiting');
  useEffect(() => {
    const showLoading = setTimeout(() => setPhase('loading'), delayMs);
    const giveUp = setTimeout(() => setPhase('timed-out'), timeoutMs);
    return () => {
      clearTimeout(showLoading);
      clearTimeout(giveUp);
    };
  }, [delayMs, timeoutMs]);

  if (phase === 'timed-out') return <ChunkFailure type="timeout" />;
  if (placeholder !== undefined) return <>{placeholder}</>;
  if (phase === 'waiting') return <div className="screen-loading" aria-hidden="true" />;
  return (
    <div className="screen-loading" role="status" data-testid="screen-loading">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

function ChunkFailure({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <div className="screen-failure" role="alert" data-testid="screen-failure">
      <p className="screen-failure__title">{t('request.chunk_failed')}</p>
      <p className="screen-failure__type">({type})</p>
      {/* The browser keeps a failed module import; only a reload asks the server again. */}
      {/* A plain button: this fallback lives in the entry chunk, where every byte loads up front. */}
      <button type="button" className="screen-failure__retry" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}

class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failure: ChunkLoadError | null }> {
  override state: { failure: ChunkLoadError | null } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: ChunkLoadError } {
    // Errors thrown while rendering a loaded screen are not chunk failures, but the customer still needs
    // a way out; they show as type `error`.
    return { failure: error instanceof ChunkLoadError ? error : new ChunkLoadError('error', error) };
  }

  override render() {
    if (this.state.failure) return <ChunkFailure type={this.state.failure.type} />;
    return this.props.children;
  }
}
