import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { postAudited, postRefused } from './settings-test-support';

const CODE = 'X:ETHUSD';

describeOnEachDatabase('operator settings: products, trade and fee settings', (dialect) => {
  let server: TestServer;
  let admin: { token: string; id: number };
  let customer: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await staffToken(server, 'admin');
    customer = (await registerCustomer(server)).token;
  });
  afterAll(() => server.close());

  const db = () => server.context.database.db;
  const product = () =>
    db().selectFrom('product').selectAll().where('product_code', '=', CODE).executeTakeFirstOrThrow();
  const cryptoList = async () =>
    (await server.get('/api/cryptocurrencyProduct/list', { query: { pageNum: 1, pageSize: 50 } })).body.rows as {
      productCode: string;
    }[];
  const tradeDetail = async () =>
    (await server.get('/api/productTradeSetting/detail', { query: { productCode: CODE }, token: customer })).body.data;

  it('lists every product with its trade setting and recommendation', async () => {
    const answer = await server.get('/api/operator/products', {
      query: { pageNum: 1, pageSize: 10, keyWords: 'ethusd' },
      token: admin.token,
    });
    expect(answer.body.total).toBe(1);
    expect(answer.body.rows[0]).toMatchObject({
      productCode: CODE,
      recommended: 1,
      tradeSetting: { leverList: '1/2/5/10/20/50/100', liquidationMethod: 2 },
    });
  });

  it('hides, locks, reorders and un-recommends a product, and customers see it at once', async () => {
    const row = await product();
    expect((await cryptoList()).map((entry) => entry.productCode)).toContain(CODE);
    const body = { id: row.id, isVisible: 0, sort: 7, isLock: 1, recommended: 0, reason: 'maintenance' };
    const { data, audit } = await postAudited(server, admin.token, '/api/operator/products/save', body, {
      action: 'product.save',
      staffId: admin.id,
    });
    expect(data).toMatchObject({ isVisible: 0, sort: 7, isLock: 1, recommended: 0, recommendSort: null });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ isVisible: 1, isLock: 0, recommended: 1 });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ isVisible: 0, isLock: 1, recommended: 0 });
    expect((await cryptoList()).map((entry) => entry.productCode)).not.toContain(CODE);
    const recommended = await server.get('/api/homeRecommendProducts/list', { query: { pageNum: 1, pageSize: 50 } });
    expect(recommended.body.rows.map((entry: { productCode: string }) => entry.productCode)).not.toContain(CODE);

    // Visible again but locked: listed, and the trade screen says it is not tradable.
    await postAudited(
      server,
      admin.token,
      '/api/operator/products/save',
      { ...body, isVisible: 1, recommended: 1, recommendSort: 0 },
      { action: 'product.save', staffId: admin.id },
    );
    expect((await cryptoList()).map((entry) => entry.productCode)).toContain(CODE);
    expect((await tradeDetail()).isLock).toBe(1);
    const first = await server.get('/api/homeRecommendProducts/list', { query: { pageNum: 1, pageSize: 50 } });
    expect(first.body.rows[0].productCode).toBe(CODE);
    await postAudited(
      server,
      admin.token,
      '/api/operator/products/save',
      { ...body, isVisible: 1, isLock: 0, sort: row.sort, recommended: 1, recommendSort: 1 },
      { action: 'product.save', staffId: admin.id },
    );
  });

  it('saves trade settings in canonical form, and the trade screen shows them', async () => {
    const body = {
      productCode: CODE,
      leverList: '20/1/5/5',
      minQuantity: '0.010',
      maxQuantity: '500',
      minMargin: '5',
      maxMargin: '200000.50',
      maxBalanceShare: '0.5',
      minHoldSeconds: 30,
      tradingWindows: [{ weekday: 3, from: '00:00', to: '24:00' }],
      liquidationMethod: 1,
      liquidationRatio: '0.80',
      reason: 'tighter risk',
    };
    const { data, audit } = await postAudited(server, admin.token, '/api/operator/products/tradeSettings/save', body, {
      action: 'product.trade_settings.save',
      staffId: admin.id,
    });
    expect(data.tradeSetting).toMatchObject({
      leverList: '1/5/20',
      minQuantity: '0.01',
      maxMargin: '200000.5',
      liquidationRatio: '0.8',
    });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ leverList: '1/2/5/10/20/50/100' });
    const detail = await tradeDetail();
    expect(detail).toMatchObject({ levers: [1, 5, 20], minQuantity: '0.01', minHoldSeconds: 30, liquidationMethod: 1 });
    expect(detail.tradingWindows).toEqual([{ weekday: 3, from: '00:00', to: '24:00' }]);
  });

  it('refuses bad trade settings with a translated key and changes nothing', async () => {
    const good = {
      productCode: CODE,
      leverList: '1/2',
      minQuantity: '1',
      maxQuantity: '10',
      minMargin: '1',
      maxMargin: '10',
      maxBalanceShare: '1',
      minHoldSeconds: 0,
      liquidationMethod: 2,
      liquidationRatio: '0.9',
      reason: 'x',
    };
    const before = await db()
      .selectFrom('product_trade_setting')
      .selectAll()
      .where('product_code', '=', CODE)
      .execute();
    const path = '/api/operator/products/tradeSettings/save';
    await postRefused(server, admin.token, path, { ...good, leverList: '1/2000' }, 'error.setting_out_of_range', {
      field: 'leverList',
    });
    await postRefused(server, admin.token, path, { ...good, leverList: '1/x' }, 'error.setting_value_invalid');
    await postRefused(server, admin.token, path, { ...good, minQuantity: '11' }, 'error.setting_min_above_max', {
      field: 'minQuantity',
    });
    await postRefused(server, admin.token, path, { ...good, minQuantity: '0.000000001' }, 'error.setting_too_precise');
    await postRefused(server, admin.token, path, { ...good, minMargin: '0' }, 'error.setting_out_of_range');
    await postRefused(server, admin.token, path, { ...good, maxBalanceShare: '1.5' }, 'error.setting_out_of_range');
    await postRefused(server, admin.token, path, { ...good, liquidationRatio: '0.05' }, 'error.setting_out_of_range');
    await postRefused(server, admin.token, path, { ...good, liquidationRatio: '-1' }, 'error.invalid_param');
    await postRefused(
      server,
      admin.token,
      path,
      { ...good, tradingWindows: [{ weekday: 1, from: '10:00', to: '09:00' }] },
      'error.setting_value_invalid',
    );
    await postRefused(server, admin.token, path, { ...good, productCode: 'NOPE' }, 'error.setting_not_found');
    expect(
      await db().selectFrom('product_trade_setting').selectAll().where('product_code', '=', CODE).execute(),
    ).toEqual(before);
  });

  it('lists fee settings classified, sets a rate within bounds, and the customer list shows it', async () => {
    const list = await server.get('/api/operator/feeSettings', { token: admin.token });
    const spotBuy = list.body.rows.find(
      (row: { productType: number; positionType: number; exchangeType: number }) =>
        row.productType === 2 && row.positionType === 2 && row.exchangeType === 1,
    );
    expect(spotBuy.feeRate).toBe('0.001');
    const { data } = await postAudited(
      server,
      admin.token,
      '/api/operator/feeSettings/save',
      { id: spotBuy.id, feeRate: '0.00150', reason: 'new schedule' },
      { action: 'fee_setting.save', staffId: admin.id },
    );
    expect(data.feeRate).toBe('0.0015');
    const customerList = await server.get('/api/orderFeeSetting/list');
    expect(customerList.body.rows.find((row: { id: number }) => row.id === spotBuy.id).feeRate).toBe('0.0015');
    expect((await tradeDetail()).spotBuyFeeRate).toBe('0.0015');

    const path = '/api/operator/feeSettings/save';
    await postRefused(
      server,
      admin.token,
      path,
      { id: spotBuy.id, feeRate: '0.2', reason: 'x' },
      'error.setting_out_of_range',
      {
        min: '0',
        max: '0.1',
      },
    );
    await postRefused(
      server,
      admin.token,
      path,
      { id: spotBuy.id, feeRate: '0.000000001', reason: 'x' },
      'error.setting_too_precise',
    );
    await postRefused(
      server,
      admin.token,
      path,
      { id: spotBuy.id, feeRate: '1e-3', reason: 'x' },
      'error.invalid_param',
    );
    await postRefused(
      server,
      admin.token,
      path,
      { id: 999_999, feeRate: '0.001', reason: 'x' },
      'error.setting_not_found',
    );
    await postRefused(
      server,
      admin.token,
      path,
      { id: spotBuy.id, feeRate: '0.001', reason: ' ' },
      'error.invalid_param',
    );
  });
});

describeOnEachDatabase('operator settings: switches, otherValue, page configs', (dialect) => {
  let server: TestServer;
  let admin: { token: string; id: number };
  let content: { token: string; id: number };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await staffToken(server, 'admin');
    content = await staffToken(server, 'content');
  });
  afterAll(() => server.close());

  it('sets a switch, and the customer switch list and page config follow', async () => {
    const switches = await server.get('/api/operator/switches', { token: admin.token });
    expect(switches.body.rows.find((row: { switchKey: string }) => row.switchKey === 'red_up')).toMatchObject({
      status: 0,
    });
    await postAudited(
      server,
      admin.token,
      '/api/operator/switches/set',
      { switchKey: 'red_up', status: 1, reason: 'regional colours' },
      { action: 'switch.set', staffId: admin.id },
    );
    const customer = await server.get('/api/switchSet/list');
    expect(customer.body.rows.find((row: { switchKey: string }) => row.switchKey === 'red_up').status).toBe(1);
    await postRefused(
      server,
      admin.token,
      '/api/operator/switches/set',
      { switchKey: 'nope', status: 1, reason: 'x' },
      'error.setting_not_found',
    );
    await postRefused(
      server,
      admin.token,
      '/api/operator/switches/set',
      { switchKey: 'red_up', status: 2, reason: 'x' },
      'error.invalid_param',
    );
  });

  it('hide_positions is seeded off (the positions screen is built), and an operator can still turn it on', async () => {
    const statusOf = async () =>
      (await server.get('/api/switchSet/list')).body.rows.find(
        (row: { switchKey: string }) => row.switchKey === 'hide_positions',
      ) as { switchName: string; status: number };
    const seeded = await statusOf();
    expect(seeded.status).toBe(0);
    // The Me page's positions entry names this switch, so the app shows it while the switch is off.
    const me = await server.get('/api/appConfig/list', { query: { pagePath: '/pages/tabs/me/me-d' } });
    const positions = me.body.rows.find(
      (row: { target: string }) => row.target === '/pages/position/contractPosition',
    ) as { desc: string };
    expect(positions.desc).toBe(seeded.switchName);
    await postAudited(
      server,
      admin.token,
      '/api/operator/switches/set',
      { switchKey: 'hide_positions', status: 1, reason: 'maintenance' },
      { action: 'switch.set', staffId: admin.id },
    );
    expect((await statusOf()).status).toBe(1);
  });

  it('saves otherValues by what each holds and refuses anything else', async () => {
    const list = await server.get('/api/operator/otherValues', { token: admin.token });
    expect(list.body.rows.find((row: { key: string }) => row.key === 'app_decimal_no')).toMatchObject({
      kind: 'count',
      range: '0-8',
    });
    const path = '/api/operator/otherValues/save';
    const save = (key: string, value: string) =>
      postAudited(
        server,
        admin.token,
        path,
        { key, value, reason: 'tuning' },
        { action: 'other_value.save', staffId: admin.id },
      );
    await save('app_decimal_no', '4');
    await save('scoreTips', '0');
    await save('auth_withdraw_limit', '2500.50');
    await save('default_transId', '3');
    const customer = await server.get('/api/otherValue/list');
    expect(customer.body.data).toMatchObject({
      app_decimal_no: '4',
      scoreTips: '0',
      auth_withdraw_limit: '2500.5',
      default_transId: '3',
    });

    const refused = (key: string, value: string, msg: string) =>
      postRefused(server, admin.token, path, { key, value, reason: 'x' }, msg);
    await refused('app_decimal_no', '9', 'error.setting_out_of_range');
    await refused('app_decimal_no', '2.5', 'error.setting_value_invalid');
    await refused('scoreTips', 'yes', 'error.setting_value_invalid');
    await refused('default_trade_currency_id', '99', 'error.setting_value_invalid');
    await refused('auth_withdraw_limit', '-5', 'error.setting_value_invalid');
    await refused('no_such_key', '1', 'error.setting_not_found');
    expect((await server.get('/api/otherValue/list')).body.data.app_decimal_no).toBe('4');
  });

  it('a content editor moves a page entry, and the app’s page config shows it', async () => {
    const page = '/pages/tabs/me/me-d';
    const entries = await server.get('/api/operator/pageConfigs', { query: { pagePath: page }, token: content.token });
    const entry = entries.body.rows[0];
    const body = {
      id: entry.id,
      pagePath: page,
      target: '/pages/user/security',
      desc: entry.desc,
      isVisible: 0,
      sort: 99,
      reason: 'layout',
    };
    const { audit } = await postAudited(server, content.token, '/api/operator/pageConfigs/save', body, {
      action: 'page_config.save',
      staffId: content.id,
    });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ target: entry.target, isVisible: 1 });
    const customer = await server.get('/api/appConfig/list', { query: { pagePath: page } });
    expect(customer.body.rows.find((row: { id: number }) => row.id === entry.id)).toMatchObject({
      target: '/pages/user/security',
      isVisible: 0,
      sort: 99,
    });
    const path = '/api/operator/pageConfigs/save';
    await postRefused(
      server,
      content.token,
      path,
      { ...body, target: 'javascript:alert(1)' },
      'error.page_route_unknown',
      { field: 'target' },
    );
    await postRefused(server, content.token, path, { ...body, pagePath: '/pages/nope' }, 'error.page_route_unknown', {
      field: 'pagePath',
    });
    await postRefused(server, content.token, path, { ...body, desc: 'no such switch' }, 'error.setting_value_invalid', {
      field: 'desc',
    });
    await postRefused(server, content.token, path, { ...body, id: 999_999 }, 'error.setting_not_found');
  });
});
