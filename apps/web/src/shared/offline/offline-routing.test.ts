import { describe, expect, it } from 'vitest';
import { isStaleShellCache, offlineRouteOf, shellCacheName, type RequestFacts } from './offline-routing';

const ORIGIN = 'https://kestrel.example';
const get = (path: string, mode = 'cors'): RequestFacts => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });

describe('offlineRouteOf', () => {
  it('never touches the API, the WebSocket, uploaded images or the operator console', () => {
    for (const path of [
      '/api/userInfo/getUserInfo',
      '/api/langMgr/list?lang=en',
      '/ws',
      '/img/products/AAPL.svg',
      '/admin/',
      '/admin/assets/index-1.js',
    ]) {
      expect(offlineRouteOf(get(path), ORIGIN), path).toBe('pass');
    }
    // Not even when the browser navigates to one (a link to /admin, an API URL typed in).
    expect(offlineRouteOf(get('/api/health', 'navigate'), ORIGIN)).toBe('pass');
    expect(offlineRouteOf(get('/admin/', 'navigate'), ORIGIN)).toBe('pass');
  });

  it('leaves writes and other origins alone', () => {
    expect(offlineRouteOf({ url: `${ORIGIN}/assets/a-1.js`, method: 'POST', mode: 'cors' }, ORIGIN)).toBe('pass');
    expect(offlineRouteOf({ url: `${ORIGIN}/`, method: 'HEAD', mode: 'navigate' }, ORIGIN)).toBe('pass');
    expect(offlineRouteOf({ url: 'https://cdn.example/assets/a-1.js', method: 'GET', mode: 'cors' }, ORIGIN)).toBe(
      'pass',
    );
  });

  it('sends page loads to the network with the shell as the fallback', () => {
    expect(offlineRouteOf(get('/', 'navigate'), ORIGIN)).toBe('page');
    expect(offlineRouteOf(get('/index.html', 'navigate'), ORIGIN)).toBe('page');
    expect(offlineRouteOf(get('/?utm=x#/pages/tabs/home/home-d', 'navigate'), ORIGIN)).toBe('page');
  });

  it('answers hashed assets from the cache and other shell files from the network first', () => {
    expect(offlineRouteOf(get('/assets/vendor-react-Do7-tz7p.js'), ORIGIN)).toBe('hashed-asset');
    expect(offlineRouteOf(get('/assets/index-69PqL9Au.css'), ORIGIN)).toBe('hashed-asset');
    expect(offlineRouteOf(get('/logo.svg'), ORIGIN)).toBe('public-file');
    expect(offlineRouteOf(get('/manifest.webmanifest'), ORIGIN)).toBe('public-file');
  });
});

describe('shell caches', () => {
  it('names one cache per build and finds the other builds’ caches to delete', () => {
    expect(shellCacheName('abc')).toBe('kestrel-shell-abc');
    expect(isStaleShellCache('kestrel-shell-old', 'abc')).toBe(true);
    expect(isStaleShellCache('kestrel-shell-abc', 'abc')).toBe(false);
    expect(isStaleShellCache('someone-else', 'abc')).toBe(false);
  });
});
