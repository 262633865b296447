import { afterAll, beforeAll, expect, it } from 'vitest';
import { INTERVALS } from '@kestrel/contract';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';

const QUOTE_LISTS = [
  ['/api/stockProduct/list', 1, 12],
  ['/api/cryptocurrencyProduct/list', 2, 12],
  ['/api/futuresProduct/list', 3, 8],
  ['/api/forexProduct/list', 4, 10],
] as const;

describeOnEachDatabase('markets', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it.each(QUOTE_LISTS)('%s lists its market with live tickers', async (url, productType, count) => {
    const { body } = await server.get(url, { query: { pageNum: 1, pageSize: 100 } });
    expect(body.code).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(count);
    expect(body.rows).toHaveLength(body.total);
    for (const row of body.rows) {
      expect(row.productType).toBe(productType);
      expect(row.simulated).toBe(true);
      expect(row.tickerInfo.ticker).toBe(row.productCode);
      expect(row.tickerInfo.changeRate).toMatch(/^-?\d+\.\d{2}$/);
      for (const block of ['day', 'minute', 'prevDay']) {
        expect(Object.keys(row.tickerInfo[block]).sort()).toEqual([
          'averagePrice',
          'close',
          'max',
          'min',
          'open',
          'tradeAmount',
          'volume',
        ]);
      }
    }
  });

  it('codes follow the provider convention', async () => {
    const crypto = await server.get('/api/cryptocurrencyProduct/list', { query: { pageSize: 100 } });
    expect(crypto.body.rows.every((row: { productCode: string }) => row.productCode.startsWith('X:'))).toBe(true);
    const forex = await server.get('/api/forexProduct/list', { query: { pageSize: 100 } });
    expect(forex.body.rows.every((row: { productCode: string }) => row.productCode.startsWith('C:'))).toBe(true);
  });

  it('pages without overlap', async () => {
    const first = await server.get('/api/stockProduct/list', { query: { pageNum: 1, pageSize: 5 } });
    const second = await server.get('/api/stockProduct/list', { query: { pageNum: 2, pageSize: 5 } });
    expect(first.body.rows).toHaveLength(5);
    expect(second.body.rows).toHaveLength(5);
    const codes = new Set(
      [...first.body.rows, ...second.body.rows].map((row: { productCode: string }) => row.productCode),
    );
    expect(codes.size).toBe(10);
    expect(first.body.total).toBe(12);
  });

  it('keyWords filters on code and on names in every language', async () => {
    const byCode = await server.get('/api/cryptocurrencyProduct/list', { query: { keyWords: 'btc', pageSize: 10 } });
    expect(byCode.body.rows.map((row: { productCode: string }) => row.productCode)).toEqual(['X:BTCUSD']);
    const byName = await server.get('/api/stockProduct/list', { query: { keyWords: 'apple' } });
    expect(byName.body.rows[0].productCode).toBe('AAPL');
    const byChineseName = await server.get('/api/cryptocurrencyProduct/list', { query: { keyWords: '比特币' } });
    expect(byChineseName.body.rows[0]?.productCode).toBe('X:BTCUSD');
    const wildcard = await server.get('/api/stockProduct/list', { query: { keyWords: '%' } });
    expect(wildcard.body).toMatchObject({ code: 200, total: 0 });
  });

  it('translates product names by language', async () => {
    const { body } = await server.get('/api/stockProduct/list', {
      query: { keyWords: 'AAPL' },
      headers: { languageid: '1' },
    });
    expect(body.rows[0].productName).toBe('苹果');
    expect(body.rows[0].productNameLang.en).toBe('Apple');
    expect(body.rows[0].productNameLang.jp).toBe('アップル');
  });

  it('product detail, and unknown codes refused', async () => {
    const { body } = await server.get('/api/product/detail', { query: { productCode: 'X:ETHUSD' } });
    expect(body.data).toMatchObject({ productCode: 'X:ETHUSD', productType: 2, sessionOpen: true });
    const unknown = await server.get('/api/product/detail', { query: { productCode: 'NOPE' } });
    expect(unknown.body).toMatchObject({ code: 500, msg: 'error.unknown_product' });
    const missing = await server.get('/api/product/detail');
    expect(missing.body).toMatchObject({ code: 500, msg: 'error.required', params: { field: 'productCode' } });
  });

  it.each(INTERVALS)('k-line %s serves at least 500 candles, oldest first, consistent', async (interval) => {
    const { body } = await server.get('/api/product/kline', { query: { productCode: 'AAPL', interval, limit: 500 } });
    expect(body.code).toBe(200);
    const candles = body.data.candles;
    expect(candles).toHaveLength(500);
    for (let index = 1; index < candles.length; index += 1)
      expect(candles[index].time).toBeGreaterThan(candles[index - 1].time);
    for (const candle of candles) {
      expect(Number(candle.low)).toBeLessThanOrEqual(Math.min(Number(candle.open), Number(candle.close)));
      expect(Number(candle.high)).toBeGreaterThanOrEqual(Math.max(Number(candle.open), Number(candle.close)));
    }
  });

  it('candles follow live ticks', async () => {
    const before = await server.get('/api/product/kline', {
      query: { productCode: 'X:BTCUSD', interval: '1m', limit: 1 },
    });
    server.clock.advance(120_000);
    server.market.advanceTo(server.clock.now);
    const after = await server.get('/api/product/kline', {
      query: { productCode: 'X:BTCUSD', interval: '1m', limit: 1 },
    });
    expect(after.body.data.candles[0].time).toBeGreaterThan(before.body.data.candles[0].time);
    const detail = await server.get('/api/product/detail', { query: { productCode: 'X:BTCUSD' } });
    expect(detail.body.data.tickerInfo.nowPrice).toBe(after.body.data.candles[0].close);
  });

  it('refuses a bad interval, limit or code', async () => {
    const interval = await server.get('/api/product/kline', { query: { productCode: 'AAPL', interval: '2m' } });
    expect(interval.body).toMatchObject({ code: 500, msg: 'error.unknown_interval' });
    const limit = await server.get('/api/product/kline', {
      query: { productCode: 'AAPL', interval: '1m', limit: 5000 },
    });
    expect(limit.body).toMatchObject({ code: 500, msg: 'error.invalid_param', params: { field: 'limit' } });
    const code = await server.get('/api/product/kline', { query: { productCode: 'X:NOPE', interval: '1m' } });
    expect(code.body).toMatchObject({ code: 500, msg: 'error.unknown_product' });
  });
});
