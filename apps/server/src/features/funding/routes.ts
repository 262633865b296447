import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Registered by app.ts; see the feature's own files. */
export function fundingRoutes(_app: FastifyInstance, _context: AppContext): void {}
