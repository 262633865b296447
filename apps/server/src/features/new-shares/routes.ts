import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Issue 13: filled in by the new-shares work. */
export function newSharesFeature(_app: FastifyInstance, _context: AppContext): void {}
