import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Issue 13: filled in by the loans work. */
export function loansFeature(_app: FastifyInstance, _context: AppContext): void {}
