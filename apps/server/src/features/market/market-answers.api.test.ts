import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';

const CRYPTO_LIST = '/api/cryptocurrencyProduct/list?pageNum=1&pageSize=20';
const RECOMMENDED = '/api/homeRecommendProducts/list?pageNum=1&pageSize=50';
const CHART = '/api/product/kline?productCode=X:BTCUSD&interval=1m&limit=500';

describeOnEachDatabase('market answers served from memory', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });
  /** One simulator step: every product ticks (the test clock starts inside every session). */
  const tick = () => {
    server.clock.advance(1_000);
    server.market.advanceTo(server.clock.now);
  };

  it('answers one tick with the same bytes and entity tag, revalidated each time', async () => {
    const first = await get(CRYPTO_LIST);
    const second = await get(CRYPTO_LIST);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]{22}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding, languageid, accept-language');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // The envelope and its key order are route.ts's own.
    const body = first.json();
    expect(Object.keys(body)).toEqual(['code', 'msg', 'rows', 'total']);
    expect(body).toMatchObject({ code: 200, msg: 'ok', total: 12 });
    expect(body.rows).toHaveLength(12);
  });

  it('serves what it kept until the next tick, then builds it again', async () => {
    const before = await get(CRYPTO_LIST);
    // Changed behind the server's back: only a rebuild can show it, so an unchanged answer came from memory.
    const { db } = server.context.database;
    const row = await db
      .selectFrom('product')
      .select(['id', 'name_lang'])
      .where('product_code', '=', 'X:BTCUSD')
      .executeTakeFirstOrThrow();
    const names = JSON.parse(row.name_lang) as Record<string, string>;
    await db
      .updateTable('product')
      .set({ name_lang: JSON.stringify({ ...names, en: 'Bitcoin (renamed)' }) })
      .where('id', '=', row.id)
      .execute();
    try {
      const kept = await get(CRYPTO_LIST);
      expect(kept.headers.etag).toBe(before.headers.etag);
      expect(kept.body).not.toContain('Bitcoin (renamed)');

      tick();
      const next = await get(CRYPTO_LIST);
      expect(next.headers.etag).not.toBe(before.headers.etag);
      expect(next.body).toContain('Bitcoin (renamed)');
      const bitcoin = (rows: { productCode: string; tickerInfo: { updated: number } }[]) =>
        rows.find((entry) => entry.productCode === 'X:BTCUSD')!;
      expect(bitcoin(next.json().rows).tickerInfo.updated).toBeGreaterThan(
        bitcoin(before.json().rows).tickerInfo.updated,
      );
    } finally {
      await db.updateTable('product').set({ name_lang: row.name_lang }).where('id', '=', row.id).execute();
      tick();
    }
  });

  it('answers 304 without a body to a client holding the answer, 200 once it changed', async () => {
    const current = await get(CRYPTO_LIST);
    const etag = current.headers.etag as string;
    const unchanged = await get(CRYPTO_LIST, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['content-length']).toBeUndefined();
    // A list of tags, and a tag a proxy weakened, are matched too.
    expect((await get(CRYPTO_LIST, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(CRYPTO_LIST, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    tick();
    const changed = await get(CRYPTO_LIST, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().rows).toHaveLength(12);
  });

  it('keeps each language apart', async () => {
    const english = await get(CRYPTO_LIST, { languageid: '0' });
    const chinese = await get(CRYPTO_LIST, { languageid: '1' });
    const englishAgain = await get(CRYPTO_LIST, { languageid: '0' });
    const byHeader = await get(CRYPTO_LIST, { 'accept-language': 'zh-Hans' });
    const nameOf = (body: { rows: { productCode: string; productName: string }[] }) =>
      body.rows.find((row) => row.productCode === 'X:BTCUSD')?.productName;
    expect(nameOf(english.json())).toBe('Bitcoin');
    expect(nameOf(chinese.json())).toBe('比特币');
    expect(chinese.headers.etag).not.toBe(english.headers.etag);
    expect(englishAgain.body).toBe(english.body);
    expect(byHeader.headers.etag).toBe(chinese.headers.etag);
    // A tag of one language never answers 304 for another.
    expect(
      (await get(CRYPTO_LIST, { languageid: '0', 'if-none-match': chinese.headers.etag as string })).statusCode,
    ).toBe(200);
  });

  it('keeps pages and lists apart, and gives a signed-in customer the public answer', async () => {
    const first = await get('/api/stockProduct/list?pageNum=1&pageSize=5');
    const second = await get('/api/stockProduct/list?pageNum=2&pageSize=5');
    const crypto = await get('/api/cryptocurrencyProduct/list?pageNum=1&pageSize=5');
    expect(new Set([first.headers.etag, second.headers.etag, crypto.headers.etag]).size).toBe(3);
    expect(second.json().rows[0].productCode).not.toBe(first.json().rows[0].productCode);
    const { token } = await registerCustomer(server);
    const signedIn = await get('/api/stockProduct/list?pageNum=1&pageSize=5', { authorization: token });
    expect(signedIn.body).toBe(first.body);
  });

  it('compresses once per tick, and the compressed answer is the same JSON', async () => {
    const plain = await get(CRYPTO_LIST);
    const brotli = await get(CRYPTO_LIST, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(CRYPTO_LIST, { 'accept-encoding': 'gzip' });
    const refused = await get(CRYPTO_LIST, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // Each form has its own tag; any of them revalidates, since they hold the same JSON.
    expect(new Set([plain.headers.etag, brotli.headers.etag, gzip.headers.etag]).size).toBe(3);
    const again = await get(CRYPTO_LIST, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(brotli.headers.etag);
    expect((await get(CRYPTO_LIST, { 'accept-encoding': 'br' })).rawPayload.equals(brotli.rawPayload)).toBe(true);
  });

  it('keeps the home recommendations and charts too, but not searches', async () => {
    const recommended = await get(RECOMMENDED);
    expect((await get(RECOMMENDED)).headers.etag).toBe(recommended.headers.etag);
    expect(recommended.json().rows.length).toBeGreaterThan(0);

    const chart = await get(CHART, { 'accept-encoding': 'br' });
    expect(chart.headers.vary).toBe('accept-encoding');
    const candles = JSON.parse(brotliDecompressSync(chart.rawPayload).toString());
    expect(Object.keys(candles)).toEqual(['code', 'msg', 'data']);
    expect(candles.data.candles).toHaveLength(500);
    expect(
      (await get(CHART, { 'accept-encoding': 'br', 'if-none-match': chart.headers.etag as string })).statusCode,
    ).toBe(304);
    tick();
    expect((await get(CHART, { 'accept-encoding': 'br' })).headers.etag).not.toBe(chart.headers.etag);
    expect((await get('/api/product/kline?productCode=X:NOPE&interval=1m')).json()).toMatchObject({
      code: 500,
      msg: 'error.unknown_product',
    });

    const search = await get('/api/cryptocurrencyProduct/list?keyWords=btc');
    expect(search.json().rows.map((row: { productCode: string }) => row.productCode)).toEqual(['X:BTCUSD']);
    expect(search.headers.etag).toBeUndefined();
  });

  it("an operator's change shows at once, without waiting for a tick", async () => {
    const admin = await staffToken(server, 'admin');
    const listed = async () =>
      (await get(CRYPTO_LIST)).json().rows.map((row: { productCode: string }) => row.productCode) as string[];
    expect(await listed()).toContain('X:ETHUSD');
    const product = await server.context.database.db
      .selectFrom('product')
      .selectAll()
      .where('product_code', '=', 'X:ETHUSD')
      .executeTakeFirstOrThrow();
    const save = (isVisible: number) =>
      server.post(
        '/api/operator/products/save',
        {
          id: product.id,
          isVisible,
          sort: product.sort,
          isLock: 0,
          recommended: 1,
          recommendSort: 0,
          reason: 'hidden for a test',
        },
        { token: admin.token, json: true },
      );
    expect((await save(0)).body.code).toBe(200);
    expect(await listed()).not.toContain('X:ETHUSD');
    expect((await get('/api/product/kline?productCode=X:ETHUSD&interval=1m')).json().msg).toBe('error.unknown_product');
    expect((await save(1)).body.code).toBe(200);
    expect(await listed()).toContain('X:ETHUSD');
  });
});
