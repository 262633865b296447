import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { freshKey } from '../wallet/test-support';
import {
  AAPL,
  BTC,
  closePosition,
  ETH,
  openPosition,
  SETTINGS,
  SPOT_BUY,
  SPOT_SELL,
  tick,
  trader,
  withProduct,
  withSettings,
} from './trading.test-helper';

const PANEL = '/api/userInfo/personCenterPanelData';

describeOnEachDatabase('trade settings and the assets summary', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  it('serves the seeded settings of every product with the fee rates that apply', async () => {
    tick(server, BTC, '100000.00');
    const crypto = await server.get(SETTINGS, { query: { productCode: BTC } });
    expect(crypto.body).toMatchObject({
      code: 200,
      data: {
        productCode: BTC,
        productType: 2,
        positionTypes: '0/1/2/3',
        isLock: 0,
        leverList: '1/2/5/10/20/50/100',
        levers: [1, 2, 5, 10, 20, 50, 100],
        minQuantity: '0.00001',
        maxQuantity: '200',
        minMargin: '1',
        maxMargin: '1000000',
        maxBalanceShare: '1',
        minHoldSeconds: 10,
        liquidationMethod: 2,
        liquidationRatio: '0.9',
        followsMarketSession: true,
        tradingWindows: [],
        tradingOpen: true,
        contractOpenFeeRate: '0.0005',
        contractCloseFeeRate: '0.0005',
        spotBuyFeeRate: '0.001',
        spotSellFeeRate: '0.001',
        priceScale: 2,
        quantityScale: 5,
        contractSize: '1',
        nowPrice: '100000.00',
        simulated: true,
      },
    });
    const stock = await server.get(SETTINGS, { query: { productCode: AAPL } });
    expect(stock.body.data).toMatchObject({ leverList: '1/2/5/10', minQuantity: '1', maxQuantity: '100000' });
    const futures = await server.get(SETTINGS, { query: { productCode: 'ESZ6' } });
    expect(futures.body.data).toMatchObject({ leverList: '1/2/5/10/20', contractSize: '50' });
    const { db } = server.context.database;
    const seeded = await db.selectFrom('product_trade_setting').select('product_code').execute();
    const products = await db.selectFrom('product').select('product_code').execute();
    expect(seeded.map((row) => row.product_code).sort()).toEqual(products.map((row) => row.product_code).sort());
  });

  it('shows configured windows, a locked product, and refuses an unknown product', async () => {
    const restore = await withSettings(server, ETH, {
      trading_windows: JSON.stringify([
        { weekday: 1, from: '08:00', to: '20:00' },
        { weekday: 3, from: '00:00', to: '12:00' },
      ]),
    });
    const unlock = await withProduct(server, ETH, { is_lock: 1 });
    try {
      const answer = await server.get(SETTINGS, { query: { productCode: ETH } });
      expect(answer.body.data).toMatchObject({
        isLock: 1,
        followsMarketSession: false,
        tradingWindows: [
          { weekday: 1, from: '08:00', to: '20:00' },
          { weekday: 3, from: '00:00', to: '12:00' },
        ],
        // The test clock is Wednesday 15:00 UTC.
        tradingOpen: false,
      });
    } finally {
      await unlock();
      await restore();
    }
    const unknown = await server.get(SETTINGS, { query: { productCode: 'NOPE' } });
    expect(unknown.body).toMatchObject({ code: 500, msg: 'error.unknown_product' });
  });

  it('reports realized and floating PnL in personCenterPanelData, and today from 00:00 UTC', async () => {
    const alice = await trader(server);
    tick(server, BTC, '100000.00');
    tick(server, ETH, '4000.00');
    const closedLater = (await openPosition(server, alice, { orderTotalPrice: '1000' })).body.data.id;
    const staysOpen = (
      await openPosition(server, alice, { productCode: ETH, orderTotalPrice: '2000', orderDirection: 1 })
    ).body.data.id;
    const soldLater = (
      await server.post(
        SPOT_BUY,
        { productType: 2, productCode: BTC, orderNum: '0.01' },
        { token: alice.token, headers: freshKey() },
      )
    ).body.data.id;
    await server.post(
      SPOT_BUY,
      { productType: 2, productCode: ETH, orderNum: '0.5' },
      { token: alice.token, headers: freshKey() },
    );
    server.clock.advance(10_000);
    tick(server, BTC, '101000.00');
    expect((await closePosition(server, alice, closedLater)).body.data.profitAndLose).toBe('10.00000000');
    // Spot sale: 1010 - 1.01 fee - (1000 + 1) cost = 7.99.
    expect(
      (await server.post(SPOT_SELL, { spotTradeOrderId: soldLater }, { token: alice.token, headers: freshKey() })).body
        .data.profitAndLose,
    ).toBe('7.99000000');
    tick(server, ETH, '3990.00');
    // Open short on 0.5 ETH: +5; held 0.5 ETH spot: 1995 - 2002 = -7.
    const panel = await server.get(PANEL, { token: alice.token });
    expect(panel.body.data).toMatchObject({
      profitAndLose: '15.99000000',
      profitAndLoseToday: '15.99000000',
      allMarginAmount: '200.00000000',
    });
    expect(staysOpen).toBeGreaterThan(0);

    // The next day: the realized PnL is history; the open positions' floating PnL still counts today.
    server.clock.now = Date.UTC(2026, 10, 19, 1, 0, 0);
    const tomorrow = await server.get(PANEL, { token: alice.token });
    expect(tomorrow.body.data).toMatchObject({ profitAndLose: '15.99000000', profitAndLoseToday: '-2.00000000' });
  });
});
