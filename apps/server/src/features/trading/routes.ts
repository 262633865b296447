import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { RealtimeHub } from '../../realtime/hub';

/** Spot and contract trading (issue 5): routes, the trigger engine on every tick, position streams. */
export async function tradingFeature(_app: FastifyInstance, _context: AppContext, _hub: RealtimeHub): Promise<void> {}
