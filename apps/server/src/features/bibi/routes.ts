import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { RealtimeHub } from '../../realtime/hub';

/** Coin-to-coin exchange (issue 6): one writer per book, routes, depth and trade streams. */
export async function bibiFeature(_app: FastifyInstance, _context: AppContext, _hub: RealtimeHub): Promise<void> {}

/** WebSocket topics this feature publishes (`depth:<code>`, `trades:<code>`...). */
export function bibiTopicValidator(_topic: string): boolean {
  return false;
}
