import { existsSync } from 'node:fs';
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
const COMPRESSION_THRESHOLD_BYTES = 1024;

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
