import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { createHash } from 'node:crypto';
import { cacheControlFor, HASHED_ASSET_CACHE, inlineScriptHashes, REVALIDATE_CACHE } from './static-serving';

/** A script well past the compression threshold, and repetitive enough to shrink. */
const BUNDLE = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index, side: 'buy' })))};\n`;
/** The theme script index.html runs before the bundle (apps/web/index.html), allowed by its hash. */
const THEME_SCRIPT = "\n      document.documentElement.setAttribute('data-theme', 'dark');\n    ";
const INDEX_HTML = `<!doctype html><html><head><title>Kestrel</title><script>${THEME_SCRIPT}</script><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

/** A miniature Vite build: index.html, a hashed bundle under assets/, the service worker and an icon. */
function writeBuild(root: string): void {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), BUNDLE);
  writeFileSync(path.join(root, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'//\n'.repeat(600)}`);
  writeFileSync(path.join(root, 'icon-192.png'), Buffer.alloc(2048, 1));
}

describe('serving the builds', () => {
  let server: TestServer;
  let builds: string;
  beforeAll(async () => {
    builds = mkdtempSync(path.join(tmpdir(), 'kestrel-static-'));
    writeBuild(path.join(builds, 'web'));
    writeBuild(path.join(builds, 'admin'));
    server = await startTestServer('sqlite', {
      webDistDirectory: path.join(builds, 'web'),
      adminDistDirectory: path.join(builds, 'admin'),
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(builds, { recursive: true, force: true });
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const response = await server.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    const scriptSources = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    const expected = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    expect(scriptSources).toBe(`script-src 'self' ${expected}`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // A script with a src is the bundle: it is allowed as 'self', not by a hash.
    expect(inlineScriptHashes('<script src="/a.js"></script><script>x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ]);
  });

  it('serves a hashed bundle brotli-compressed when asked, immutable for a year', async () => {
    const response = await server.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    const body = response.rawPayload;
    expect(body.length).toBeLessThan(Buffer.byteLength(BUNDLE) / 4);
    expect(brotliDecompressSync(body).toString()).toBe(BUNDLE);
  });

  it('gzips for a client that only speaks gzip, and sends plain bytes to one that asks for none', async () => {
    const gzipped = await server.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BUNDLE);

    const plain = await server.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('has index.html and the service worker checked with the server on every load', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/icon-192.png']) {
      const response = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
    }
    const page = await server.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('applies the same rules to the operator console under /admin/', async () => {
    const bundle = await server.inject({
      method: 'GET',
      url: '/admin/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(bundle.headers['content-encoding']).toBe('gzip');
    const page = await server.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('compresses JSON answers over the threshold, and leaves small ones as they are', async () => {
    const large = await server.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('paths');

    const small = await server.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 200 });
  });
});

describe('cacheControlFor', () => {
  it('treats only files inside assets/ as hashed', () => {
    expect(cacheControlFor('assets/vendor-react-Do7-tz7p.js')).toBe(HASHED_ASSET_CACHE);
    expect(cacheControlFor(path.join('assets', 'index-69PqL9Au.css'))).toBe(HASHED_ASSET_CACHE);
    expect(cacheControlFor('index.html')).toBe(REVALIDATE_CACHE);
    expect(cacheControlFor('sw.js')).toBe(REVALIDATE_CACHE);
    expect(cacheControlFor('assets')).toBe(REVALIDATE_CACHE);
    expect(cacheControlFor('manifest.webmanifest')).toBe(REVALIDATE_CACHE);
  });
});
