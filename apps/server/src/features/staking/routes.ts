import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Issue 13: filled in by the staking work. */
export function stakingFeature(_app: FastifyInstance, _context: AppContext): void {}
