import type { FastifyInstance } from 'fastify';
import { bookOf, ledger } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { statementLines } from './statement-lines';

/**
 * The customer's own statement: every posting to their accounts in the book they are in, with the
 * entry's reason, reference, actor, tick and hash, newest first. Operator actions show here too, so
 * no change to a customer's money is invisible to them.
 */
export function statementRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);

  register(ledger.statement, async ({ query, context: request }) => {
    const { rows, total } = await statementLines(
      db,
      {
        userId: request.user.userId,
        book: bookOf(request.user.accountType),
        currencyId: query.currencyId,
        kind: query.kind,
      },
      query,
    );
    return { rows: rows.map(({ postingId: _postingId, book: _book, ...line }) => line), total };
  });
}
