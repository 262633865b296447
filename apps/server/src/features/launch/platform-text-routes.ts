import type { FastifyInstance } from 'fastify';
import { platformTexts } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { operatorRegistrar } from '../staff/operator-registrar';
import { platformTextPage, platformTextView } from './platform-text-repository';
import { savePlatformText } from './platform-text-service';

/**
 * The operator API of the platform texts (the contract's `platformTexts`): every staff role reads
 * them with all 19 languages; an admin saves one language or several of one text. Customers read
 * the same texts through the launch calls (routes.ts), each in the request's language.
 */
export function platformTextRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, dialect } = context.database;
  const operator = operatorRegistrar(app, context);

  operator(platformTexts.operatorPlatformTexts, async ({ query }) => {
    const page = await platformTextPage(db, query.kind, query);
    return { rows: page.rows.map(platformTextView), total: page.total };
  });

  operator(platformTexts.operatorPlatformTextSave, async ({ body, context: request }) => {
    return savePlatformText({ db, dialect }, request.user.userId, body, context.clock());
  });
}
