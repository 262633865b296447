import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * An image we stored, sent as what we checked it to be: the content type from our own record, never
 * sniffed by the browser, shown inline. `cacheControl` says who may keep it (content-addressed uploads
 * for a year; private identity photos not at all).
 */
export function sendStoredImage(
  reply: FastifyReply,
  stored: { bytes: Buffer; contentType: string } | null,
  cacheControl: string,
): FastifyReply {
  if (!stored) return reply.status(404).type('text/plain').send('Not found');
  return reply
    .type(stored.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('content-disposition', 'inline')
    .send(stored.bytes);
}

/** Registers routes whose bodies may exceed the app's 1 MiB limit (image uploads), in a scope of their own. */
export function withBodyLimit(app: FastifyInstance, bytes: number, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = bytes;
    });
    routes(scope);
  });
}
