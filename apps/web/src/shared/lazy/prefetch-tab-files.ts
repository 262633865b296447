/**
 * The other tabs' files beyond what the first screen loaded, written in by the build
 * (vite.config.ts tabFileList); absent under `vite dev` and in tests.
 */
declare const __KESTREL_TAB_FILES__: readonly string[] | undefined;

/**
 * How long one idle moment may spend adding prefetch hints. Starting a request costs the page's main
 * thread about a millisecond on a fast machine, several on a phone: a hundred at once were a long task.
 */
const SLICE_MS = 4;

/** The build's list of the other tabs' files, or null when there is none (then screens are imported instead). */
export function tabFiles(): readonly string[] | null {
  return typeof __KESTREL_TAB_FILES__ === 'undefined' ? null : __KESTREL_TAB_FILES__;
}

function prefetchHint(file: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = file;
  if (file.endsWith('.js')) {
    // In CORS mode, as module scripts are fetched, so the cached copy is the one the import uses.
    link.as = 'script';
    link.crossOrigin = '';
  } else if (file.endsWith('.css')) link.as = 'style';
  return link;
}

/**
 * Fetches `files` through `<link rel="prefetch">`, a few in each idle moment: at the lowest network
 * priority, into the HTTP cache, without running a script or applying a stylesheet to the page (an
 * import() of each tab did both, a restyle of the whole screen and long tasks on a phone). A tab opened
 * later imports its code from the cache.
 */
export function prefetchWhenIdle(files: readonly string[]): void {
  let next = 0;
  const slice = () => {
    const started = performance.now();
    while (next < files.length && performance.now() - started < SLICE_MS)
      document.head.appendChild(prefetchHint(files[next++]!));
    if (next < files.length) schedule();
  };
  // Safari has no requestIdleCallback: a timer then leaves room for other tasks between slices.
  const schedule = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(slice, { timeout: 2_000 })
      : window.setTimeout(slice, 50);
  schedule();
}
