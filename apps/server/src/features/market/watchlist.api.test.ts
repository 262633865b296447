import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';

describeOnEachDatabase('watchlist', (dialect) => {
  let server: TestServer;
  let token: string;
  let other: string;
  let ethereum: { productId: number; productCode: string; productType: number };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ token } = await registerCustomer(server));
    ({ token: other } = await registerCustomer(server));
    const detail = await server.get('/api/product/detail', { query: { productCode: 'X:ETHUSD' } });
    ethereum = { productId: detail.body.data.productId, productCode: 'X:ETHUSD', productType: 2 };
  });
  afterAll(() => server.close());

  it('needs a token', async () => {
    expect((await server.get('/api/userProductOption/list')).body.code).toBe(401);
    expect((await server.post('/api/userProductOption/addOption', ethereum, { json: true })).body.code).toBe(401);
  });

  it('adds with a JSON body, lists as quote rows, removes', async () => {
    const added = await server.post('/api/userProductOption/addOption', ethereum, { json: true, token });
    expect(added.body).toEqual({ code: 200, msg: 'ok' });
    const listed = await server.get('/api/userProductOption/list', { token });
    expect(listed.body.rows.map((row: { productCode: string }) => row.productCode)).toEqual(['X:ETHUSD']);
    expect(listed.body.rows[0].tickerInfo.nowPrice).toBeDefined();
    const theirs = await server.get('/api/userProductOption/list', { token: other });
    expect(theirs.body.rows).toEqual([]);
    const twice = await server.post('/api/userProductOption/addOption', ethereum, { json: true, token });
    expect(twice.body).toMatchObject({ code: 500, msg: 'error.already_in_watchlist' });
    const removed = await server.post(
      '/api/userProductOption/delOption',
      { productCode: 'X:ETHUSD', productType: 2 },
      { token },
    );
    expect(removed.body.code).toBe(200);
    expect((await server.get('/api/userProductOption/list', { token })).body.rows).toEqual([]);
    const again = await server.post(
      '/api/userProductOption/delOption',
      { productCode: 'X:ETHUSD', productType: 2 },
      { token },
    );
    expect(again.body).toMatchObject({ code: 500, msg: 'error.not_in_watchlist' });
  });

  it('refuses mismatched or unknown products', async () => {
    const wrongType = await server.post(
      '/api/userProductOption/addOption',
      { ...ethereum, productType: 1 },
      { json: true, token },
    );
    expect(wrongType.body).toMatchObject({ code: 500, msg: 'error.unknown_product' });
    const wrongId = await server.post(
      '/api/userProductOption/addOption',
      { ...ethereum, productId: 99999 },
      { json: true, token },
    );
    expect(wrongId.body).toMatchObject({ code: 500, msg: 'error.unknown_product' });
    const unknown = await server.post(
      '/api/userProductOption/addOption',
      { productCode: 'NOPE', productType: 1, productId: 1 },
      { json: true, token },
    );
    expect(unknown.body).toMatchObject({ code: 500, msg: 'error.unknown_product' });
    const missing = await server.post(
      '/api/userProductOption/addOption',
      { productCode: 'X:ETHUSD' },
      { json: true, token },
    );
    expect(missing.body).toMatchObject({ code: 500, msg: 'error.required' });
    expect((await server.get('/api/userProductOption/list', { token })).body.rows).toEqual([]);
  });
});
