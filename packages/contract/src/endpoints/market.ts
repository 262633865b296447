import { z } from 'zod';
import { defineEndpoint, pageQuery } from '../endpoint';
import { candle, interval, product } from './shapes';

const quoteListQuery = pageQuery.extend({ keyWords: z.string().trim().max(40).optional() });

function quoteList(path: `/api/${string}`, market: string) {
  return defineEndpoint({
    method: 'GET',
    path,
    summary: `${market} quote list, paged, with an optional keyWords filter on code and name`,
    tag: 'market',
    auth: 'public',
    query: quoteListQuery,
    answer: { kind: 'rows', schema: product },
  });
}

/** The quote lists, indexed 0 to 3 as SPEC §7 orders them (index 4 is the watchlist). */
export const stockProductList = quoteList('/api/stockProduct/list', 'US stock');
export const cryptocurrencyProductList = quoteList('/api/cryptocurrencyProduct/list', 'Crypto');
export const futuresProductList = quoteList('/api/futuresProduct/list', 'Futures');
export const forexProductList = quoteList('/api/forexProduct/list', 'Forex');

export const productDetail = defineEndpoint({
  method: 'GET',
  path: '/api/product/detail',
  summary: 'One product with its live ticker',
  tag: 'market',
  auth: 'public',
  query: z.object({ productCode: z.string().min(1).max(32) }),
  answer: { kind: 'data', schema: product },
});

export const KLINE_LIMIT_MAX = 1000;

export const productKline = defineEndpoint({
  method: 'GET',
  path: '/api/product/kline',
  summary: 'Candles of a product, oldest first; the last one is still forming',
  tag: 'market',
  auth: 'public',
  query: z.object({
    productCode: z.string().min(1).max(32),
    interval,
    limit: z.coerce.number().int().min(1).max(KLINE_LIMIT_MAX).default(500),
  }),
  answer: {
    kind: 'data',
    schema: z.object({ productCode: z.string(), interval, simulated: z.boolean(), candles: z.array(candle) }),
  },
});

export const watchlistList = defineEndpoint({
  method: 'GET',
  path: '/api/userProductOption/list',
  summary: "The customer's watchlist (quote list index 4)",
  tag: 'market',
  auth: 'user',
  answer: { kind: 'rows', schema: product },
});

export const watchlistAdd = defineEndpoint({
  method: 'POST',
  path: '/api/userProductOption/addOption',
  summary: 'Add a product to the watchlist (JSON body)',
  tag: 'market',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    productCode: z.string().min(1).max(32),
    productType: z.coerce.number().int().min(1).max(4),
    productId: z.coerce.number().int().min(1),
  }),
  answer: { kind: 'none' },
});

export const watchlistDelete = defineEndpoint({
  method: 'POST',
  path: '/api/userProductOption/delOption',
  summary: 'Remove a product from the watchlist',
  tag: 'market',
  auth: 'user',
  body: z.object({
    productCode: z.string().min(1).max(32),
    productType: z.coerce.number().int().min(1).max(4),
  }),
  answer: { kind: 'none' },
});
