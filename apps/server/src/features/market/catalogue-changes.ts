import type { FastifyInstance } from 'fastify';
import type { ClusterBus } from '../../core/cluster-bus';

/** The name of the market answers on the bus's `invalidate` channel. */
export const MARKET_ANSWERS_CACHE = 'market-answers';

/** Where every operator call lives (http/route.ts checks their roles by the same prefix). */
const OPERATOR_PATH_PREFIX = '/api/operator/';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls `onChange` after every operator write: here once its answer is on its way (its transaction
 * has committed), and in every other process through the bus. While the server runs, the product
 * catalogue changes only by an operator's hand (visibility, order, lock and home recommendation, in
 * platform-settings), so the customer sees the change on the next request, as before answers were
 * kept. Every operator write counts, not one path: a new operator call that touches products cannot be
 * missed, and the cost of a needless drop (one rebuild per variant) is small against how rare they are.
 */
export function followCatalogueChanges(app: FastifyInstance, bus: ClusterBus, onChange: () => void): () => void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READ_METHODS.has(request.method) && request.url.startsWith(OPERATOR_PATH_PREFIX)) {
      onChange();
      bus.publish('invalidate', { cache: MARKET_ANSWERS_CACHE });
    }
    done(null, payload);
  });
  return bus.subscribe('invalidate', (envelope) => {
    if (envelope.origin === bus.processId) return;
    if ((envelope.message as { cache?: unknown }).cache === MARKET_ANSWERS_CACHE) onChange();
  });
}
