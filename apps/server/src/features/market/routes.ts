import type { FastifyInstance } from 'fastify';
import { launch, market } from '@kestrel/contract';
import { findInstrument } from '@kestrel/market';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { refuse } from '../../core/errors';
import { findProductByCode, listProducts, productView } from './product-service';
import { CandleWireCache } from './candle-wire-cache';

/** The four quote lists (SPEC §7 indices 0-3), a product's detail and its candles. */
export function marketRoutes(app: FastifyInstance, context: AppContext): void {
  const register = endpointRegistrar(app, context.authenticate);
  const candleWire = new CandleWireCache();
  const quoteLists = [
    [market.stockProductList, 1],
    [market.cryptocurrencyProductList, 2],
    [market.futuresProductList, 3],
    [market.forexProductList, 4],
  ] as const;
  for (const [endpoint, productType] of quoteLists) {
    register(endpoint, async ({ query, context: request }) =>
      listProducts(
        context,
        { productType, keyWords: query.keyWords, pageNum: query.pageNum, pageSize: query.pageSize },
        request.language,
      ),
    );
  }

  // The home screen's recommendations (SPEC §7, asked at launch) are a product list like the others.
  register(launch.homeRecommendProductsList, async ({ query, context: request }) =>
    listProducts(
      context,
      { recommendedOnly: true, pageNum: query.pageNum, pageSize: query.pageSize },
      request.language,
    ),
  );

  register(market.productDetail, async ({ query, context: request }) => {
    const row = await findProductByCode(context, query.productCode);
    if (!row) refuse('error.unknown_product');
    return productView(context, row, request.language);
  });

  register(market.productKline, async ({ query }) => {
    const row = await findProductByCode(context, query.productCode);
    if (!row) refuse('error.unknown_product');
    const instrument = findInstrument(row.product_code);
    if (!instrument) refuse('error.unknown_product');
    const candles = context.market.candles(row.product_code, query.interval, query.limit);
    return {
      productCode: row.product_code,
      interval: query.interval,
      simulated: context.market.simulated,
      candles: candleWire.toWire(instrument, query.interval, candles),
    };
  });
}
