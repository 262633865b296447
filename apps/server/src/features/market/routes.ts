import type { FastifyInstance } from 'fastify';
import { launch, market } from '@kestrel/contract';
import { findInstrument } from '@kestrel/market';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { refuse } from '../../core/errors';
import { findProductByCode, listProducts, productView } from './product-service';
import { CandleWireCache } from './candle-wire-cache';
import { MarketAnswers } from './market-answers';
import { MemoryServing } from './memory-serving';

/**
 * The four quote lists (SPEC §7 indices 0-3), the home recommendations, a product's detail and its
 * candles. The lists, recommendations and candles are public and change once a tick: they are built
 * once per tick and served from memory (market-answers.ts), with an entity tag and 304.
 */
export function marketRoutes(app: FastifyInstance, context: AppContext): void {
  const serving = new MemoryServing();
  const answers = new MarketAnswers(app, context, serving);
  serving.register(app, (scope) => {
    const register = endpointRegistrar(scope, context.authenticate);
    const candleWire = new CandleWireCache();
    const quoteLists = [
      [market.stockProductList, 1],
      [market.cryptocurrencyProductList, 2],
      [market.futuresProductList, 3],
      [market.forexProductList, 4],
    ] as const;
    for (const [endpoint, productType] of quoteLists) {
      register(endpoint, async ({ query, context: request }) => {
        const filter = { productType, keyWords: query.keyWords, pageNum: query.pageNum, pageSize: query.pageSize };
        // A search is not kept: typed words are many and rarely asked twice in one tick.
        if (query.keyWords) return listProducts(context, filter, request.language);
        return answers.list(request, `${endpoint.path}|${query.pageNum}|${query.pageSize}`, () =>
          listProducts(context, filter, request.language),
        );
      });
    }

    // The home screen's recommendations (SPEC §7, asked at launch) are a product list like the others.
    register(launch.homeRecommendProductsList, async ({ query, context: request }) =>
      answers.list(request, `${launch.homeRecommendProductsList.path}|${query.pageNum}|${query.pageSize}`, () =>
        listProducts(
          context,
          { recommendedOnly: true, pageNum: query.pageNum, pageSize: query.pageSize },
          request.language,
        ),
      ),
    );

    register(market.productKline, async ({ query, context: request }) => {
      // Checked before anything is kept, so unknown codes take no place in the cache.
      const instrument = findInstrument(query.productCode);
      if (!instrument) refuse('error.unknown_product');
      return answers.chart(request, `${query.productCode}|${query.interval}|${query.limit}`, async () => {
        const row = await findProductByCode(context, query.productCode);
        if (!row) refuse('error.unknown_product');
        const candles = context.market.candles(row.product_code, query.interval, query.limit);
        return {
          productCode: row.product_code,
          interval: query.interval,
          simulated: context.market.simulated,
          candles: candleWire.toWire(instrument, query.interval, candles),
        };
      });
    });
  });

  const register = endpointRegistrar(app, context.authenticate);
  register(market.productDetail, async ({ query, context: request }) => {
    const row = await findProductByCode(context, query.productCode);
    if (!row) refuse('error.unknown_product');
    return productView(context, row, request.language);
  });
}
