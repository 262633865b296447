/**
 * Runs `work` once the first screen has settled: after the page's load event, a further `delayMs`, and
 * then the browser's next idle moment. For fetching code the current screen does not need (the other
 * tabs): on a slow phone connection it would otherwise compete with the first screen's own scripts,
 * data and images. Returns a cancel function (an effect's cleanup).
 */
export function afterFirstScreen(work: () => void, delayMs: number): () => void {
  let cancelled = false;
  let timer: number | undefined;
  let idle: number | undefined;

  const whenIdle = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: the timer alone then decides.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(work, { timeout: 2_000 });
    else work();
  };
  const afterLoad = () => {
    timer = window.setTimeout(whenIdle, delayMs);
  };

  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });

  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (timer !== undefined) window.clearTimeout(timer);
    if (idle !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
  };
}

/**
 * Runs each step in an idle moment of its own, one after another. Starting a chunk's load makes Vite
 * insert a link for each file it needs, which costs a few milliseconds each on a phone: started
 * together, the other tabs' loads made one task of half a second that blocked taps.
 */
export function stepByStepWhenIdle(steps: readonly (() => void)[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  const next = () => {
    step();
    stepByStepWhenIdle(rest);
  };
  // Safari has no requestIdleCallback: a timer then leaves room for other tasks between steps.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(next, { timeout: 2_000 });
  else window.setTimeout(next, 50);
}
