// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The app's i18next instance registers itself with react-i18next, as main.tsx's import does.
import '../i18n/i18n';
import { ChunkLoadError, loadChunk, type ScreenModule } from './load-chunk';
import { lazyScreen } from './lazy-screen';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Loaded() {
  return <p>the screen</p>;
}

/** A load that the test settles by hand. */
function controlledLoad() {
  let resolve: (module: ScreenModule) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<ScreenModule>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { load: () => promise, resolve, reject };
}

describe('loadChunk (SPEC §8 chunk failure types)', () => {
  it('resolves a module with a screen', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: Loaded }))).resolves.toEqual({ default: Loaded });
  });

  it('fails with type missing when the chunk holds no screen', async () => {
    const failure = await loadChunk(() => Promise.resolve({} as ScreenModule)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect(failure).toMatchObject({ type: 'missing', message: 'request.chunk_failed' });
  });

  it('fails with type error when the import fails', async () => {
    const failure = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ type: 'error' });
  });

  it('fails with type timeout after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<ScreenModule>(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ type: 'timeout' });
  });
});

describe('lazyScreen (SPEC §2: 200 ms delay, 60 s time-out)', () => {
  it('shows nothing for 200 ms, then the loading screen, then the screen', async () => {
    vi.useFakeTimers();
    const chunk = controlledLoad();
    const Screen = lazyScreen(chunk.load);
    render(<Screen />);
    expect(screen.queryByTestId('screen-loading')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByTestId('screen-loading')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('screen-loading')).toBeTruthy();
    await act(async () => chunk.resolve({ default: Loaded }));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByTestId('screen-loading')).toBeNull();
  });

  it('a fast chunk never shows the loading screen', async () => {
    vi.useFakeTimers();
    const chunk = controlledLoad();
    const Screen = lazyScreen(chunk.load);
    render(<Screen />);
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(async () => chunk.resolve({ default: Loaded }));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByTestId('screen-loading')).toBeNull();
  });

  it('turns into an error after 60 s of loading', async () => {
    vi.useFakeTimers();
    const Screen = lazyScreen(controlledLoad().load);
    render(<Screen />);
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(screen.queryByTestId('screen-failure')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('screen-failure').textContent).toContain('Loading chunk failed');
    expect(screen.getByTestId('screen-failure').textContent).toContain('(timeout)');
  });

  it('shows request.chunk_failed with the type when the chunk fails', async () => {
    const chunk = controlledLoad();
    const Screen = lazyScreen(chunk.load);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Screen />);
    await act(async () => chunk.reject(new TypeError('Failed to fetch dynamically imported module')));
    const failure = await screen.findByTestId('screen-failure');
    expect(failure.textContent).toContain('Loading chunk failed');
    expect(failure.textContent).toContain('(error)');
    expect(screen.getByRole('button').textContent).toBe('Retry');
    consoleError.mockRestore();
  });
});

describe('lazyScreen placeholder', () => {
  it('shows a known placeholder at once instead of the empty first 200 ms', async () => {
    const chunk = controlledLoad();
    const Screen = lazyScreen(chunk.load, { placeholder: <p>brand splash</p> });
    render(<Screen />);
    expect(screen.getByText('brand splash')).toBeTruthy();
    await act(async () => chunk.resolve({ default: Loaded }));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('brand splash')).toBeNull();
  });
});

describe('lazyScreen preload', () => {
  it('loads the chunk once, whether preloaded, rendered, or both', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Loaded }));
    const Screen = lazyScreen(load);
    Screen.preload();
    Screen.preload();
    render(<Screen />);
    expect(await screen.findByText('the screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
