/**
 * Which requests are the platform's own market maker's. Its quotes and cancels are money actions (each
 * freezes or releases through the ledger) but routine ones: about 140 a minute at idle, every one kept
 * as an order row, a command and ledger entries, and summed up once a minute in its own log line. The
 * request log (request-log.ts) writes customers' money actions at info and these at debug, so a quiet
 * server's log stays readable.
 */
import type { FastifyRequest } from 'fastify';

/** Weak: an entry lives as long as its request, so nothing here needs a bound. */
const marketMakerRequests = new WeakSet<FastifyRequest>();

export function markMarketMakerRequest(request: FastifyRequest): void {
  marketMakerRequests.add(request);
}

export function isMarketMakerRequest(request: FastifyRequest): boolean {
  return marketMakerRequests.has(request);
}
