// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { showToast } from '../../../shared/ui/toast';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { testUser } from '../../../test/test-user';
import ShareScreen from './ShareScreen';

vi.mock('../../../shared/ui/toast', () => ({ showToast: vi.fn(), loadToast: vi.fn() }));

const LINK = () => `${window.location.origin}${window.location.pathname}#/pages/user/register?inviteCode=AB12CD34`;

function serve() {
  return mockFetch((url) => {
    const path = url.split('?')[0] ?? '';
    if (path === '/api/userInfo/getUserInfo') return jsonResponse({ code: 200, msg: 'ok', data: testUser(0) });
    return jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

/** A 2D context that draws nothing and measures every character 7 px wide. */
function fakeContext(): CanvasRenderingContext2D {
  const context = {
    measureText: (text: string) => ({ width: [...text].length * 7 }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
  };
  return new Proxy(context, {
    get: (target, property) => (property in target ? target[property as keyof typeof target] : () => undefined),
    set: () => true,
  }) as unknown as CanvasRenderingContext2D;
}

/** The poster's canvas: drawn on `fakeContext`, encoded to `blob` (null: the browser gave no image). */
function stubCanvas(blob: Blob | null) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() =>
    fakeContext()) as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback: BlobCallback) {
    callback(blob);
  });
}

/** Images (the logo) load at once. */
function stubImages() {
  vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function load(this: HTMLImageElement) {
    queueMicrotask(() => this.onload?.(new Event('load')));
  });
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  vi.mocked(showToast).mockClear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('invitation poster', () => {
  it('shows my invite code, the invite link and the link’s QR code', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve();
    renderScreen(<ShareScreen />, '/pages/user/iwannashare');
    expect(screen.getByTestId('share-code').textContent).toBe('AB12CD34');
    expect(screen.getByTestId('share-link').textContent).toBe(LINK());
    const qr = (await screen.findByTestId('share-qr')) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(qr.alt).toBe('QR code of your invite link');
    // jsdom has no share sheet: the button is not offered.
    expect(screen.queryByTestId('share-native')).toBeNull();
  });

  it('says img.err for 2 s when the poster image cannot be made', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve();
    stubCanvas(null);
    stubImages();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen(<ShareScreen />, '/pages/user/iwannashare');
    await screen.findByTestId('share-qr');
    await act(async () => {
      fireEvent.click(screen.getByTestId('share-save'));
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ content: 'Image download failed', duration: 2000 }));
    expect(click).not.toHaveBeenCalled();
  });

  it('says img.err when drawing throws (no 2D canvas)', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    stubImages();
    renderScreen(<ShareScreen />, '/pages/user/iwannashare');
    await screen.findByTestId('share-qr');
    await act(async () => {
      fireEvent.click(screen.getByTestId('share-save'));
    });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ content: 'Image download failed', duration: 2000 }));
  });

  it('downloads the poster as a PNG through a blob link', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve();
    const png = new Blob(['png'], { type: 'image/png' });
    stubCanvas(png);
    stubImages();
    // Blob URLs stand in for this test only (jsdom may have none), then the originals return.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => 'blob:poster');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    let downloaded: { href: string; download: string } | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      downloaded = { href: this.getAttribute('href') ?? '', download: this.download };
    });
    renderScreen(<ShareScreen />, '/pages/user/iwannashare');
    await screen.findByTestId('share-qr');
    await act(async () => {
      fireEvent.click(screen.getByTestId('share-save'));
    });
    await waitFor(() => expect(downloaded).toEqual({ href: 'blob:poster', download: 'Kestrel-AB12CD34.png' }));
    expect(createObjectURL).toHaveBeenCalledWith(png);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('tells a demo session that invitations belong to the live account', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(2) });
    serve();
    renderScreen(<ShareScreen />, '/pages/user/iwannashare');
    expect((await screen.findByTestId('share-demo-notice')).textContent).toContain('live account');
    expect(screen.queryByTestId('share-code')).toBeNull();
  });

  it('sends a logged-out customer to login and back here afterwards', async () => {
    serve();
    const { router } = renderScreen(<ShareScreen />, '/pages/user/iwannashare', { stubPaths: ['/pages/user/login'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/pages/user/iwannashare');
  });
});
