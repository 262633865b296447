/**
 * Which requests the log keeps (issue 12): with every request at info, the market maker alone wrote
 * about 1,000 lines a minute and the start-up line with the demo login scrolled away at once. Now one
 * line per request, at a level that says why it matters:
 * - error: the server failed (5xx) or the answer broke off;
 * - warn: the request took SLOW_REQUEST_MS or more;
 * - info: a client error (4xx: rate limited, body too large, not found) or a customer's money action
 *   (an endpoint the contract marks `idempotent`);
 * - debug: everything else, the market maker's own quotes and cancels included (LOG_LEVEL=debug shows
 *   every request again).
 * Refusals are answered with HTTP 200 and a code in the envelope; a money action is logged whatever
 * its envelope says. Faults the error handler catches keep their own `unhandled error` line.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { registeredEndpoints } from './route';

/** A request that takes this long is logged at warn, whatever it is. */
export const SLOW_REQUEST_MS = 1_000;

export type RequestLogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface CompletedRequest {
  statusCode: number;
  elapsedMs: number;
  /** The answer broke off (a stream error after the headers). */
  failed: boolean;
  /** An endpoint marked `idempotent` in the contract: it moves money or changes what the customer owns. */
  moneyAction: boolean;
  /** Sent by the platform's own market maker (features/bibi/market-maker-requests.ts). */
  marketMaker: boolean;
}

/** The level a completed request is logged at (pure, so the policy is tested without a server). */
export function requestLogLevel(request: CompletedRequest): RequestLogLevel {
  if (request.failed || request.statusCode >= 500) return 'error';
  if (request.elapsedMs >= SLOW_REQUEST_MS) return 'warn';
  if (request.statusCode >= 400) return 'info';
  if (request.moneyAction && !request.marketMaker) return 'info';
  return 'debug';
}

/** Fastify's route pattern of each idempotent endpoint, as `METHOD /path/:id`. */
function moneyRoutes(): Set<string> {
  return new Set(
    registeredEndpoints
      .filter((endpoint) => endpoint.idempotent)
      .map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** Fastify's request logging with the policy above: no `incoming request` line, one line when it matters. */
export class RequestLogController extends LogController {
  /** Read once the routes are registered (the first completed request comes after that). */
  private money: Set<string> | null = null;

  constructor(private readonly isMarketMaker: (request: FastifyRequest) => boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.money ??= moneyRoutes();
    const level = requestLogLevel({
      statusCode: reply.statusCode,
      elapsedMs: reply.elapsedTime,
      failed: error !== null && error !== undefined,
      moneyAction: this.money.has(`${request.method} ${request.routeOptions.url ?? ''}`),
      marketMaker: this.isMarketMaker(request),
    });
    reply.log[level](
      { req: request, res: reply, responseTime: reply.elapsedTime, ...(error ? { err: error } : {}) },
      'request completed',
    );
  }
}
