import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';

/**
 * How the server answers bytes it did not make itself: compression for every answer, and the caching
 * rules for the two Vite builds it serves (the web app at `/`, the operator console at `/admin/`).
 */

/** Vite names what it builds into assets/ after the content's hash: a changed file is a new URL. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, the manifest, icons) is checked with the server each time (ETag). */
export const REVALIDATE_CACHE = 'no-cache';

/** Answers below this many bytes go out as they are: the encoding headers would eat the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * gzip and brotli for JSON and static files, preferring brotli. Registered before any route: the plugin
 * attaches its hooks to each route as the route is declared. Request bodies are NOT inflated
 * (`globalDecompression: false`): no client sends them compressed, and inflating would let a small
 * body grow past the body limit's intent. Brotli stays at the plugin's quality 4: answers are
 * compressed per request, and quality 11 would cost tens of milliseconds of CPU per bundle.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}

/** Inline scripts an index.html may hold: each is allowed by its hash, never by 'unsafe-inline'. */
const INLINE_SCRIPTS_MAX = 8;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in a page: the web app's index.html sets the
 * theme before its bundle runs (so the splash is dark on a dark phone), and the policy must name that
 * script or the browser refuses it. Read from the built file, so the hash always matches what is served.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
    if (hashes.length === INLINE_SCRIPTS_MAX) break;
  }
  return hashes;
}

/** The Content-Security-Policy of every answer, with the web build's inline scripts allowed by hash. */
export function contentSecurityPolicy(webDistDirectory: string): string {
  const index = path.join(webDistDirectory, 'index.html');
  const scripts = existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scripts].join(' ')}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self' ws: wss:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** The Cache-Control header for a file of a Vite build, from its path relative to the build's root. */
export function cacheControlFor(relativePath: string): string {
  const segments = relativePath.split(/[\\/]/);
  return segments[0] === 'assets' && segments.length > 1 ? HASHED_ASSET_CACHE : REVALIDATE_CACHE;
}

/** @fastify/static's per-file header hook: the cache rule of the file, relative to `root`. */
function cacheHeaders(root: string): (response: SetHeadersResponse, filePath: string) => void {
  return (response, filePath) => {
    response.setHeader('cache-control', cacheControlFor(path.relative(root, filePath)));
  };
}

/** Serves the built web app at `/` and the operator console at `/admin/`, where each build exists. */
export async function registerStaticBuilds(
  app: FastifyInstance,
  builds: { webDistDirectory: string; adminDistDirectory?: string },
): Promise<void> {
  const { webDistDirectory: web, adminDistDirectory: admin } = builds;
  if (existsSync(path.join(web, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: cacheHeaders(web),
    });
  }
  // The operator console (apps/admin): its own bundle under /admin/, hash routes, so index.html is the one page.
  if (admin && existsSync(path.join(admin, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: admin,
      prefix: '/admin/',
      wildcard: false,
      index: ['index.html'],
      decorateReply: false,
      cacheControl: false,
      setHeaders: cacheHeaders(admin),
    });
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  }
}
