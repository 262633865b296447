import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../http/route';
import { REVALIDATE_CACHE } from '../../http/static-serving';
import { preferredCoding } from './content-coding';
import type { WireAnswer } from './wire-answer';

/** What Fastify sends JSON answers as. */
const JSON_TYPE = 'application/json; charset=utf-8';

interface Served {
  wire: WireAnswer<unknown>;
  vary: string;
}

/**
 * Serves kept answers (WireAnswer) on the routes registered through it: their text as it is (no second
 * serialization), their entity tag, 304 to a client that already holds the answer, and their
 * compressed form made once.
 */
export class MemoryServing {
  private readonly served = new WeakMap<FastifyRequest, Served>();

  /**
   * Answers this request with `wire`. `vary` names the request headers the answer depends on besides
   * Accept-Encoding. Returns the value for the handler to return (route.ts wraps it in the envelope
   * the text already holds). Only on routes registered through `register`.
   */
  serve<Answer>(context: RequestContext, wire: WireAnswer<Answer>, vary: readonly string[]): Answer {
    this.served.set(context.request, { wire, vary: ['accept-encoding', ...vary].join(', ') });
    // The handler's last step, after everything that could refuse: an error answer is serialized as usual.
    // Fastify names the type itself only when it serializes: with our serializer, we do.
    context.reply.type(JSON_TYPE).serializer(() => wire.text);
    return wire.answer;
  }

  /**
   * Registers `routes` in a scope of their own, whose `onSend` runs before the compression plugin's
   * (the plugin attaches its hook to each route, and Fastify runs a route's own hooks after its
   * scope's): a form compressed once per tick goes out as it is, and the plugin, seeing
   * Content-Encoding, leaves it.
   */
  register(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
    void app.register(async (scope) => {
      scope.addHook('onSend', (request, reply, payload, done) => {
        const kept = this.served.get(request);
        if (!kept || reply.statusCode !== 200) {
          done(null, payload);
          return;
        }
        done(null, sendKept(request, reply, kept));
      });
      routes(scope);
    });
  }
}

/** Headers, 304 and the compressed form of a kept answer; returns the payload to send. */
function sendKept(request: FastifyRequest, reply: FastifyReply, { wire, vary }: Served): string | Buffer | null {
  const coding = preferredCoding(request.headers['accept-encoding'], request.headers['x-no-compression']);
  const encoded = coding === undefined ? null : wire.encoded(coding);
  // Kept by the browser, asked again each time (it changes with every tick); unchanged, it costs a 304.
  reply.header('cache-control', REVALIDATE_CACHE);
  reply.header('vary', vary);
  reply.header('etag', wire.entityTagFor(encoded ? coding : undefined));
  if (wire.matches(request.headers['if-none-match'])) {
    // No body and no Content-Length (RFC 9110 §15.4.5): a null payload tells Fastify so.
    reply.code(304);
    return null;
  }
  if (!encoded || coding === undefined) return wire.text;
  reply.header('content-encoding', coding);
  reply.header('content-length', encoded.length);
  return encoded;
}
