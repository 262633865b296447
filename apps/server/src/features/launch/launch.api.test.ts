import { afterAll, beforeAll, expect, it } from 'vitest';
import { classifyFeeRemark, PRODUCT_TYPES, POSITION_TYPES, EXCHANGE_TYPES } from '@kestrel/domain';
import { LANGUAGE_CODES } from '@kestrel/contract';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';

describeOnEachDatabase('launch calls', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ token } = await registerCustomer(server));
  });
  afterAll(() => server.close());

  it('site info says the market is simulated', async () => {
    const { body } = await server.get('/api/siteInfo/getSiteInfo');
    expect(body.code).toBe(200);
    expect(body.data.siteName).toBe('Kestrel');
    expect(body.data.simulatedMarket).toBe(true);
  });

  it('tips settings page by 30 and translate by LanguageId', async () => {
    const english = await server.get('/api/textLang/list', { query: { pageNum: 1, pageSize: 30 } });
    expect(english.body.rows.length).toBeGreaterThanOrEqual(3);
    expect(english.body.total).toBe(english.body.rows.length);
    const chinese = await server.get('/api/textLang/list', {
      query: { pageNum: 1, pageSize: 30 },
      headers: { languageid: '1' },
    });
    const risk = chinese.body.rows.find((row: { remark: string }) => row.remark === 'risk_warning');
    expect(risk.content).toMatch(/杠杆/);
    expect(risk.contentLang.en).toMatch(/leveraged/);
    const secondPage = await server.get('/api/textLang/list', { query: { pageNum: 2, pageSize: 2 } });
    expect(secondPage.body.rows).toHaveLength(1);
  });

  it('order fee settings classify every product type x position type x side (SPEC §3)', async () => {
    const { body } = await server.get('/api/orderFeeSetting/list');
    const keys = new Set(
      body.rows.map((row: { remark: string }) => {
        const key = classifyFeeRemark(row.remark);
        expect(key, row.remark).not.toBeNull();
        return `${key!.productType}/${key!.positionType}/${key!.exchangeType}`;
      }),
    );
    expect(keys.size).toBe(PRODUCT_TYPES.length * POSITION_TYPES.length * EXCHANGE_TYPES.length);
    for (const row of body.rows) expect(row.feeRate).toMatch(/^\d+(\.\d+)?$/);
  });

  it('platform currencies: USDT is id 3 with ERC20/TRC20, filterable by type', async () => {
    const { body } = await server.get('/api/platformCurrency/list');
    const usdt = body.rows.find((row: { id: number }) => row.id === 3);
    expect(usdt.currencyName).toBe('USDT');
    expect(usdt.walletAddressType.split('/')).toEqual(['ERC20', 'TRC20']);
    const fiat = await server.get('/api/platformCurrency/list', { query: { currencyType: 0 } });
    expect(fiat.body.rows.every((row: { currencyType: number }) => row.currencyType === 0)).toBe(true);
    expect(fiat.body.rows.length).toBeGreaterThan(0);
  });

  it('language packs exist for all 19 languages with the same keys', async () => {
    const english = await server.get('/api/langMgr/list', { query: { lang: 'en' } });
    const englishKeys = Object.keys(english.body.data).sort();
    expect(englishKeys.length).toBeGreaterThan(100);
    for (const lang of LANGUAGE_CODES) {
      const { body } = await server.get('/api/langMgr/list', { query: { lang } });
      expect(Object.keys(body.data).sort(), lang).toEqual(englishKeys);
    }
    const arabic = await server.get('/api/langMgr/list', { query: { lang: 'ar' } });
    expect(arabic.body.data['tab.home']).not.toBe(english.body.data['tab.home']);
  });

  it('refuses an unknown language', async () => {
    const { body } = await server.get('/api/langMgr/list', { query: { lang: 'xx' } });
    expect(body).toMatchObject({ code: 500, msg: 'error.unknown_language' });
    const missing = await server.get('/api/langMgr/list');
    expect(missing.body).toMatchObject({ code: 500, msg: 'error.required', params: { field: 'lang' } });
  });

  it('switch set, pop-up and otherValue come from seeded tables with the spec defaults', async () => {
    const switches = await server.get('/api/switchSet/list');
    expect(switches.body.rows.some((row: { switchName: string }) => /[\u4e00-\u9fff]/.test(row.switchName))).toBe(true);
    const popUps = await server.get('/api/popUp/list', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(popUps.body.rows[0].title).toBe('欢迎来到 Kestrel');
    const other = await server.get('/api/otherValue/list');
    expect(other.body.data).toMatchObject({
      default_trade_currency_id: '3',
      default_transId: '5',
      app_decimal_no: '2',
    });
  });

  it('Accept-Language is understood as the stored locale code (SPEC §7) and as a BCP 47 tag', async () => {
    // The app sends its stored code (`jp`, `rus`, `tc`...); other clients send tags. No LanguageId here,
    // so only Accept-Language decides.
    const titleFor = async (acceptLanguage: string) =>
      (await server.get('/api/popUp/list', { headers: { 'accept-language': acceptLanguage } })).body.rows[0].title;
    expect(await titleFor('jp')).toBe('Kestrel へようこそ');
    expect(await titleFor('ja')).toBe('Kestrel へようこそ');
    expect(await titleFor('rus')).toBe('Добро пожаловать в Kestrel');
    expect(await titleFor('tc')).toBe('歡迎來到 Kestrel');
    expect(await titleFor('zh-Hant')).toBe('歡迎來到 Kestrel');
    expect(await titleFor('blr')).toBe('Вітаем у Kestrel');
    expect(await titleFor('my')).toBe('Selamat datang ke Kestrel');
  });

  it('app config lists the entries of one page path, each naming a switch', async () => {
    const { body } = await server.get('/api/appConfig/list', { query: { pagePath: '/pages/tabs/me/me-d' } });
    expect(body.rows.length).toBeGreaterThan(5);
    const switches = await server.get('/api/switchSet/list');
    const names = new Set(switches.body.rows.map((row: { switchName: string }) => row.switchName));
    for (const row of body.rows) {
      expect(row.pagePath).toBe('/pages/tabs/me/me-d');
      expect(names.has(row.desc)).toBe(true);
      expect(row.title).not.toBe(row.titleKey);
    }
    const none = await server.get('/api/appConfig/list', { query: { pagePath: '/pages/none' } });
    expect(none.body).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('home recommendations: products with live tickers, page size 50', async () => {
    const { body } = await server.get('/api/homeRecommendProducts/list', { query: { pageNum: 1, pageSize: 50 } });
    expect(body.rows.length).toBeGreaterThanOrEqual(8);
    expect(body.rows[0].productCode).toBe('X:BTCUSD');
    expect(body.rows[0].tickerInfo.nowPrice).toMatch(/^\d+\.\d+$/);
  });

  it('exchange info, area codes, bank fields, channels', async () => {
    const exchange = await server.get('/api/currencyExchangeRate/getExchangeInfo');
    expect(
      exchange.body.rows.some(
        (row: { currencyNameFrom: string; currencyNameTo: string }) =>
          row.currencyNameFrom === 'USD' && row.currencyNameTo === 'USDT',
      ),
    ).toBe(true);
    const areas = await server.get('/api/userInfo/getPhoneAreaCodeList');
    expect(areas.body.rows.some((row: { areaCode: string }) => row.areaCode === '86')).toBe(true);
    const bank = await server.get('/api/bankPropertyConfig/list', { query: { configType: 0 } });
    expect(
      bank.body.rows
        .filter((row: { isRequired: number }) => row.isRequired === 1)
        .map((row: { propertyName: string }) => row.propertyName),
    ).toEqual(expect.arrayContaining(['bankName', 'bankNo', 'holder']));
    const recharge = await server.get('/api/rechargeChannelConfig/list', { token });
    expect(recharge.body.rows.length).toBeGreaterThan(0);
    // The demo-instant channel never shows to a real account.
    expect(recharge.body.rows.every((row: { demoOnly: number }) => row.demoOnly === 0)).toBe(true);
    const withdraw = await server.get('/api/withdrawChannelConfig/list', { token });
    expect(withdraw.body.rows[0]).toHaveProperty('feeRate');
  });

  it('fast trade options answer from their table and refuse an unknown product', async () => {
    const known = await server.get('/api/fastTradeOrderOptions/list', {
      query: { productType: 2, productCode: 'X:BTCUSD' },
    });
    expect(known.body.code).toBe(200);
    expect(Array.isArray(known.body.rows)).toBe(true);
    const unknown = await server.get('/api/fastTradeOrderOptions/list', {
      query: { productType: 2, productCode: 'X:NOPE' },
    });
    expect(unknown.body).toMatchObject({ code: 500, msg: 'error.unknown_product' });
    const wrongType = await server.get('/api/fastTradeOrderOptions/list', {
      query: { productType: 'abc', productCode: 'X:BTCUSD' },
    });
    expect(wrongType.body).toMatchObject({ code: 500, msg: 'error.invalid_param', params: { field: 'productType' } });
  });

  it('private launch calls need a token and answer from real tables', async () => {
    for (const url of [
      '/api/userInfo/userBalance',
      '/api/userInfo/personCenterPanelData',
      '/api/userInfo/isSetWithPwd',
      '/api/siteMessage/notReadMessageCount',
      '/api/userBibiAssets/list',
    ]) {
      const anonymous = await server.get(url);
      expect(anonymous.body.code, url).toBe(401);
      const stale = await server.get(url, { token: 'not-a-real-token' });
      expect(stale.body.code, url).toBe(401);
      const mine = await server.get(url, { token });
      expect(mine.body.code, url).toBe(200);
    }
    const balance = await server.get('/api/userInfo/userBalance', { token, query: { currencyId: 3 } });
    expect(balance.body.data[0]).toMatchObject({ currencyId: 3, currencyName: 'USDT', userAmt: '0.00000000' });
    const panel = await server.get('/api/userInfo/personCenterPanelData', { token });
    expect(panel.body.data.userBalanceConvert).toBe('0.00000000');
    const unread = await server.get('/api/siteMessage/notReadMessageCount', { token });
    expect(unread.body.data.notReadMessageCount).toBe(0);
    const withPassword = await server.get('/api/userInfo/isSetWithPwd', { token });
    expect(withPassword.body.data.isSetWithPwd).toBe(0);
  });

  it('refuses a page size over 100 and a page number below 1', async () => {
    const big = await server.get('/api/textLang/list', { query: { pageNum: 1, pageSize: 101 } });
    expect(big.body).toMatchObject({ code: 500, msg: 'error.page_size_too_large', params: { max: 100 } });
    const zero = await server.get('/api/homeRecommendProducts/list', { query: { pageNum: 0, pageSize: 10 } });
    expect(zero.body).toMatchObject({ code: 500, msg: 'error.invalid_param', params: { field: 'pageNum' } });
  });
});

it('product and currency badges show their letters', async () => {
  const { badgeSvg } = await import('./image-routes');
  expect(badgeSvg('USD')).toContain('>USD<');
  expect(badgeSvg('X:BTCUSD')).toContain('>BTC<');
  expect(badgeSvg('C:EURUSD')).toContain('>EUR<');
  expect(badgeSvg('<x>')).not.toContain('<x>');
});
