import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { RealtimeHub } from '../../realtime/hub';

/** Fast trades (issue 5): routes and the settlement job. */
export async function fastTradeFeature(_app: FastifyInstance, _context: AppContext, _hub: RealtimeHub): Promise<void> {}
