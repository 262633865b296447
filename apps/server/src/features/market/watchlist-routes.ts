import type { FastifyInstance } from 'fastify';
import { market } from '@kestrel/contract';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { refuse } from '../../core/errors';
import { findProductByCode, listProducts } from './product-service';

/** The watchlist: quote list index 4, per customer. */
export const WATCHLIST_SIZE_MAX = 100;

export function watchlistRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);

  register(market.watchlistList, async ({ context: request }) =>
    listProducts(
      context,
      { watchlistOf: request.user.userId, pageNum: 1, pageSize: WATCHLIST_SIZE_MAX },
      request.language,
    ),
  );

  register(market.watchlistAdd, async ({ body, context: request }) => {
    const product = await findProductByCode(context, body.productCode);
    if (!product || product.product_type !== body.productType || product.id !== body.productId)
      refuse('error.unknown_product');
    await db.transaction().execute(async (transaction) => {
      const existing = await transaction
        .selectFrom('user_product_option')
        .select('id')
        .where('user_id', '=', request.user.userId)
        .where('product_id', '=', product.id)
        .executeTakeFirst();
      if (existing) refuse('error.already_in_watchlist');
      await transaction
        .insertInto('user_product_option')
        .values({ user_id: request.user.userId, product_id: product.id, created_at: context.clock() })
        .execute();
    });
  });

  register(market.watchlistDelete, async ({ body, context: request }) => {
    const product = await findProductByCode(context, body.productCode);
    if (!product || product.product_type !== body.productType) refuse('error.unknown_product');
    const result = await db
      .deleteFrom('user_product_option')
      .where('user_id', '=', request.user.userId)
      .where('product_id', '=', product.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) refuse('error.not_in_watchlist');
  });
}
