import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { freshKey, ledgerBalances } from '../wallet/test-support';
import {
  AAPL,
  BTC,
  entryOf,
  ETH,
  expectRefusedUnchanged,
  SPOT_BUY,
  SPOT_HOLDINGS,
  SPOT_LIST,
  SPOT_SELL,
  tick,
  trader,
  withProduct,
  withSettings,
  type Trader,
} from './trading.test-helper';

describeOnEachDatabase('spot', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const buy = (who: Trader, body: Record<string, unknown>, headers = freshKey()) =>
    server.post(SPOT_BUY, { productType: 2, productCode: BTC, ...body }, { token: who.token, headers });
  const sell = (who: Trader, spotTradeOrderId: number, headers = freshKey()) =>
    server.post(SPOT_SELL, { spotTradeOrderId }, { token: who.token, headers });

  it('buys at the live price with the fee on top, holds, and sells with the fee deducted', async () => {
    const alice = await trader(server);
    const buying = tick(server, BTC, '100000.00');
    const bought = await buy(alice, { orderNum: '0.01' });
    expect(bought.body).toMatchObject({
      code: 200,
      data: {
        productCode: BTC,
        orderNum: '0.01000',
        buyPrice: '100000.00',
        buyAmount: '1000.00000000',
        buyFeeRate: '0.001',
        buyFee: '1.00000000',
        buyTickId: `${BTC}#${buying.seq}@${buying.time}`,
        buyTickSource: 'test-script',
        status: 0,
        marketValue: '1000.00000000',
        profitAndLose: '-1.00000000',
      },
    });
    const id = bought.body.data.id;
    expect(await ledgerBalances(server, alice.userId)).toMatchObject({ 'real/3/available': '899900000000' });
    expect(await entryOf(server, 'spot.buy', id)).toMatchObject({ tick_id: `${BTC}#${buying.seq}@${buying.time}` });

    tick(server, ETH, '4000.00');
    await buy(alice, { productCode: ETH, orderNum: '0.5' });
    tick(server, BTC, '110000.00');
    await buy(alice, { orderNum: '0.03' });
    const holdings = await server.get(SPOT_HOLDINGS, { token: alice.token });
    expect(holdings.body.data.holdings).toEqual([
      expect.objectContaining({
        productCode: BTC,
        quantity: '0.04000',
        // (1000 + 1) + (3300 + 3.3) at 100000 and 110000
        costAmount: '4304.30000000',
        averagePrice: '107500.00',
        averageCost: '107607.50',
        nowPrice: '110000.00',
        marketValue: '4400.00000000',
        profitAndLose: '95.70000000',
        profitRate: '2.22',
        orderCount: 2,
      }),
      expect.objectContaining({ productCode: ETH, quantity: '0.5000', costAmount: '2002.00000000' }),
    ]);

    const selling = tick(server, BTC, '110000.00');
    const sold = await sell(alice, id);
    expect(sold.body.data).toMatchObject({
      status: 1,
      sellPrice: '110000.00',
      sellAmount: '1100.00000000',
      sellFee: '1.10000000',
      sellTickId: `${BTC}#${selling.seq}@${selling.time}`,
      profitAndLose: '97.90000000',
    });
    expect(await entryOf(server, 'spot.sell', id)).toMatchObject({ tick_id: `${BTC}#${selling.seq}@${selling.time}` });
    const listed = await server.get(SPOT_LIST, { token: alice.token });
    expect(listed.body.total).toBe(3);
    expect(listed.body.rows[0].id).toBeGreaterThan(listed.body.rows[2].id);
    const soldOnly = await server.get(SPOT_LIST, { token: alice.token, query: { status: 1 } });
    expect(soldOnly.body.rows.map((row: { id: number }) => row.id)).toEqual([id]);
    const ethOnly = await server.get(SPOT_LIST, { token: alice.token, query: { productCode: ETH, pageSize: 1 } });
    expect(ethOnly.body).toMatchObject({ total: 1, rows: [{ productCode: ETH, status: 0 }] });
    const detail = await server.get('/api/spotTradeOrder/detail', { token: alice.token, query: { id } });
    expect(detail.body.data).toEqual(sold.body.data);
    const stranger = await trader(server, '0');
    const hidden = await server.get('/api/spotTradeOrder/detail', { token: stranger.token, query: { id } });
    expect(hidden.body).toMatchObject({ code: 500, msg: 'error.spot_order_not_found' });
  });

  it('sells an order exactly once under concurrent requests, and refuses a second sale', async () => {
    const bob = await trader(server);
    tick(server, BTC, '100000.00');
    const id = (await buy(bob, { orderNum: '0.02' })).body.data.id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => sell(bob, id)));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) {
      expect(answer.body.msg).toBe('error.spot_order_sold');
    }
    await expectRefusedUnchanged(server, bob, () => sell(bob, id), 'error.spot_order_sold');
    const mallory = await trader(server);
    const other = (await buy(bob, { orderNum: '0.01' })).body.data.id;
    await expectRefusedUnchanged(server, bob, () => sell(mallory, other), 'error.spot_order_not_found');
  });

  describe('bad input changes nothing', () => {
    let carol: Trader;
    beforeAll(async () => {
      carol = await trader(server, '1000');
      tick(server, BTC, '100000.00');
    });
    const refused = (body: Record<string, unknown>, key: string, params?: Record<string, unknown>) =>
      expectRefusedUnchanged(server, carol, () => buy(carol, body), key, params);

    it('an unknown product or the wrong product type', async () => {
      await refused({ productCode: 'NOPE', orderNum: '1' }, 'error.unknown_product');
      await refused({ productType: 4, orderNum: '0.01' }, 'error.product_type_mismatch');
    });
    it('amounts that are malformed, too precise or out of bounds', async () => {
      await refused({ orderNum: 'x' }, 'error.amount_invalid');
      await refused({ orderNum: '0' }, 'error.amount_not_positive');
      await refused({ orderNum: '0.000001' }, 'error.amount_precision', { decimals: 5 });
      const restore = await withSettings(server, BTC, { min_quantity: '0.001', max_quantity: '1' });
      try {
        await refused({ orderNum: '0.0005' }, 'error.quantity_below_minimum', { min: '0.001' });
        await refused({ orderNum: '2' }, 'error.quantity_above_maximum', { max: '1' });
      } finally {
        await restore();
      }
    });
    it('more than the balance or its allowed share', async () => {
      await refused({ orderNum: '0.01' }, 'error.insufficient_balance');
      const restore = await withSettings(server, BTC, { max_balance_share: '0.25' });
      try {
        await refused({ orderNum: '0.005' }, 'error.balance_share_exceeded', { percent: '25' });
      } finally {
        await restore();
      }
    });
    it('a locked product, one without spot, and a closed session', async () => {
      const unlock = await withProduct(server, BTC, { is_lock: 1 });
      try {
        await refused({ orderNum: '0.001' }, 'error.product_locked');
      } finally {
        await unlock();
      }
      const restore = await withProduct(server, BTC, { position_types: '0/1' });
      try {
        await refused({ orderNum: '0.001' }, 'error.position_type_unavailable');
      } finally {
        await restore();
      }
      const saved = server.clock.now;
      server.clock.now = Date.UTC(2026, 10, 21, 15, 0, 0); // a Saturday
      try {
        await refused({ productType: 1, productCode: AAPL, orderNum: '1' }, 'error.market_closed');
      } finally {
        server.clock.now = saved;
      }
    });
  });

  it('refuses selling while the session is closed, changing nothing', async () => {
    const dave = await trader(server);
    const id = (await buy(dave, { productType: 1, productCode: AAPL, orderNum: '2' })).body.data.id;
    const saved = server.clock.now;
    server.clock.now = Date.UTC(2026, 10, 21, 15, 0, 0);
    try {
      await expectRefusedUnchanged(server, dave, () => sell(dave, id), 'error.market_closed');
    } finally {
      server.clock.now = saved;
    }
    expect((await sell(dave, id)).body.code).toBe(200);
  });
});
