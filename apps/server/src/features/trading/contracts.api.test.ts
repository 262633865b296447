import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { freshKey, ledgerBalances } from '../wallet/test-support';
import {
  AAPL,
  BTC,
  closePosition,
  ETH,
  EURUSD,
  entryOf,
  expectRefusedUnchanged,
  openPosition,
  POSITIONS,
  positionOf,
  SELL_ALL,
  tick,
  trader,
  UPDATE_STOPS,
  withProduct,
  withSettings,
  type Trader,
} from './trading.test-helper';

const HOLD_MS = 10_000;

describeOnEachDatabase('contracts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  describe('open and close', () => {
    it('opens a long: margin = notional / leverage, fee on the notional, the tick recorded; closes with PnL', async () => {
      const alice = await trader(server);
      const opening = tick(server, BTC, '100000.00');
      const answer = await openPosition(server, alice, {
        orderTotalPrice: '1000',
        stopProfitPrice: '110000',
        stopLossPrice: '95000',
      });
      expect(answer.body).toMatchObject({ code: 200 });
      const position = answer.body.data;
      expect(position).toMatchObject({
        productCode: BTC,
        orderDirection: 0,
        orderLever: 10,
        orderNum: '0.01000',
        openPrice: '100000.00',
        orderTotalPrice: '1000.00000000',
        marginAmount: '100.00000000',
        openFeeRate: '0.0005',
        openFee: '0.50000000',
        stopProfitPrice: '110000.00',
        stopLossPrice: '95000.00',
        liquidationPrice: '91000.00',
        openTickId: `${BTC}#${opening.seq}@${opening.time}`,
        openTickSource: 'test-script',
        closableTime: server.clock.now + HOLD_MS,
        status: 0,
        profitAndLose: '0.00000000',
        demo: 0,
        simulated: true,
      });
      expect(await ledgerBalances(server, alice.userId)).toMatchObject({
        'real/3/available': '989950000000',
        'real/3/margin': '10000000000',
      });
      expect(await entryOf(server, 'contract.open', position.id)).toMatchObject({
        tick_id: `${BTC}#${opening.seq}@${opening.time}`,
        tick_source: 'test-script',
      });

      tick(server, BTC, '101000.00');
      const listed = await server.get(POSITIONS, { token: alice.token, query: { status: 0 } });
      expect(listed.body.total).toBe(1);
      expect(listed.body.rows[0]).toMatchObject({
        id: position.id,
        nowPrice: '101000.00',
        profitAndLose: '10.00000000',
      });

      server.clock.advance(HOLD_MS);
      const closing = tick(server, BTC, '101000.00');
      const closed = await closePosition(server, alice, position.id);
      expect(closed.body).toMatchObject({
        code: 200,
        data: {
          status: 1,
          closePrice: '101000.00',
          closeFeeRate: '0.0005',
          closeFee: '0.05000000',
          closeReason: 'manual',
          profitAndLose: '10.00000000',
          settledAmount: '109.95000000',
          closeTickId: `${BTC}#${closing.seq}@${closing.time}`,
          closeTickSource: 'test-script',
        },
      });
      // 10000 - 100.5 + 109.95
      expect(await ledgerBalances(server, alice.userId)).toMatchObject({
        'real/3/available': '1000945000000',
        'real/3/margin': '0',
      });
      expect(await entryOf(server, 'contract.close', position.id)).toMatchObject({
        tick_id: `${BTC}#${closing.seq}@${closing.time}`,
        actor_type: 'customer',
      });
      const history = await server.get(POSITIONS, { token: alice.token, query: { status: 1 } });
      expect(history.body.rows.map((row: { id: number }) => row.id)).toEqual([position.id]);
    });

    it('opens a short from a margin amount and closes it at a loss paid to the house', async () => {
      const bob = await trader(server);
      tick(server, ETH, '4000.00');
      const opened = await openPosition(server, bob, {
        productCode: ETH,
        orderDirection: 1,
        orderLever: 20,
        marginAmount: '50',
        stopProfitPrice: '3500',
        stopLossPrice: '4100',
      });
      expect(opened.body.data).toMatchObject({
        orderDirection: 1,
        orderNum: '0.2500',
        orderTotalPrice: '1000.00000000',
        marginAmount: '50.00000000',
        openFee: '0.50000000',
        // loss limit 45 over 0.25 ETH: 180 above the entry
        liquidationPrice: '4180.00',
      });
      server.clock.advance(HOLD_MS);
      tick(server, ETH, '4040.00');
      const closed = await closePosition(server, bob, opened.body.data.id);
      expect(closed.body.data).toMatchObject({ profitAndLose: '-10.00000000', closeFee: '0.02500000' });
      expect(closed.body.data.settledAmount).toBe('39.97500000');
      expect((await ledgerBalances(server, bob.userId))['real/3/available']).toBe('998947500000');
    });

    it('prices a futures contract with its multiplier', async () => {
      const carol = await trader(server, '100000');
      tick(server, 'ESZ6', '7000.00');
      const opened = await openPosition(server, carol, {
        productType: 3,
        productCode: 'ESZ6',
        orderTotalPrice: '700000',
        orderLever: 20,
      });
      expect(opened.body.data).toMatchObject({
        orderNum: '2',
        orderTotalPrice: '700000.00000000',
        marginAmount: '35000.00000000',
      });
      tick(server, 'ESZ6', '7001.25');
      expect((await positionOf(server, carol, opened.body.data.id)).profitAndLose).toBe('125.00000000');
    });

    it('replays a repeated request with the same idempotency key and opens once', async () => {
      const dave = await trader(server);
      tick(server, BTC, '100000.00');
      const key = freshKey();
      const first = await openPosition(server, dave, { orderTotalPrice: '500' }, key);
      const again = await openPosition(server, dave, { orderTotalPrice: '500' }, key);
      expect(again.body).toEqual(first.body);
      const listed = await server.get(POSITIONS, { token: dave.token });
      expect(listed.body.total).toBe(1);
      const other = await openPosition(server, dave, { orderTotalPrice: '600' }, key);
      expect(other.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });
      const missing = await server.post(
        '/api/userProductPosition/buy',
        { productType: 2, productCode: BTC, orderDirection: 0, orderLever: 10, orderTotalPrice: '500' },
        { token: dave.token, json: true },
      );
      expect(missing.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
    });
  });

  describe('closing', () => {
    let erin: Trader;
    let positionId: number;
    beforeAll(async () => {
      erin = await trader(server);
      tick(server, BTC, '100000.00');
      positionId = (await openPosition(server, erin, { orderTotalPrice: '1000' })).body.data.id;
    });

    it('refuses a close inside the minimum holding time, changing nothing', async () => {
      await expectRefusedUnchanged(
        server,
        erin,
        () => closePosition(server, erin, positionId),
        'error.minimum_holding_time',
        { seconds: 10 },
      );
    });

    it("refuses closing another customer's position, changing nothing", async () => {
      const mallory = await trader(server);
      server.clock.advance(HOLD_MS);
      await expectRefusedUnchanged(
        server,
        erin,
        () => closePosition(server, mallory, positionId),
        'error.position_not_found',
      );
      await expectRefusedUnchanged(
        server,
        erin,
        () => closePosition(server, erin, 99_999_999),
        'error.position_not_found',
      );
    });

    it('lets exactly one of several concurrent closes through, then refuses closing twice', async () => {
      tick(server, BTC, '100500.00');
      const answers = await Promise.all(Array.from({ length: 6 }, () => closePosition(server, erin, positionId)));
      const ok = answers.filter((answer) => answer.body.code === 200);
      expect(ok).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) {
        expect(answer.body).toMatchObject({ code: 500, msg: 'error.position_closed' });
      }
      const closes = await server.context.database.db
        .selectFrom('journal_entry')
        .select(sql<number>`count(*)`.as('count'))
        .where('reference_type', '=', 'contract_position')
        .where('reference_id', '=', String(positionId))
        .executeTakeFirstOrThrow();
      expect(Number(closes.count)).toBe(2); // the opening and one close
      await expectRefusedUnchanged(
        server,
        erin,
        () => closePosition(server, erin, positionId),
        'error.position_closed',
      );
    });
  });

  describe('bad input changes nothing', () => {
    let frank: Trader;
    beforeAll(async () => {
      frank = await trader(server);
      tick(server, BTC, '100000.00');
    });
    const refused = (body: Record<string, unknown>, key: string, params?: Record<string, unknown>) =>
      expectRefusedUnchanged(server, frank, () => openPosition(server, frank, body), key, params);

    it('an unknown product', () => refused({ productCode: 'X:NOPEUSD' }, 'error.unknown_product'));
    it('a product type that does not match', () =>
      refused({ productType: 1, orderTotalPrice: '100' }, 'error.product_type_mismatch'));
    it('a leverage not in the list', () =>
      refused({ orderTotalPrice: '100', orderLever: 3 }, 'error.leverage_not_allowed', {
        levers: '1/2/5/10/20/50/100',
      }));
    it('neither or both of notional and margin', async () => {
      await refused({}, 'error.order_amount_required');
      await refused({ orderTotalPrice: '100', marginAmount: '10' }, 'error.order_amount_required');
    });
    it('malformed and non-positive amounts', async () => {
      await refused({ orderTotalPrice: 'abc' }, 'error.amount_invalid');
      await refused({ orderTotalPrice: '-5' }, 'error.amount_not_positive');
      await refused({ orderTotalPrice: '0' }, 'error.amount_not_positive');
      await refused({ orderTotalPrice: '1.123456789' }, 'error.amount_precision', { decimals: 8 });
    });
    it('a notional too small for one quantity unit', () =>
      refused({ orderTotalPrice: '0.5' }, 'error.order_too_small'));
    it('take-profit and stop-loss on the wrong side, long and short', async () => {
      await refused({ orderTotalPrice: '100', stopProfitPrice: '99000' }, 'error.take_profit_wrong_side');
      await refused({ orderTotalPrice: '100', stopProfitPrice: '100000' }, 'error.take_profit_wrong_side');
      await refused({ orderTotalPrice: '100', stopLossPrice: '100001' }, 'error.stop_loss_wrong_side');
      await refused(
        { orderTotalPrice: '100', orderDirection: 1, stopProfitPrice: '101000' },
        'error.take_profit_wrong_side',
      );
      await refused(
        { orderTotalPrice: '100', orderDirection: 1, stopLossPrice: '99000' },
        'error.stop_loss_wrong_side',
      );
      await refused({ orderTotalPrice: '100', stopLossPrice: '1.001' }, 'error.price_invalid', { decimals: 2 });
    });
    it('quantity and margin out of bounds', async () => {
      // 5 USDT at 10x: margin 0.5 < the crypto minimum of 1.
      await refused({ orderTotalPrice: '5' }, 'error.margin_below_minimum', { min: '1' });
      const restore = await withSettings(server, BTC, {
        min_quantity: '0.001',
        max_quantity: '0.05',
        max_margin: '300',
      });
      try {
        await refused({ orderTotalPrice: '50' }, 'error.quantity_below_minimum', { min: '0.001' });
        await refused({ orderTotalPrice: '6000' }, 'error.quantity_above_maximum', { max: '0.05' });
        await refused({ orderTotalPrice: '4000', orderLever: 5 }, 'error.margin_above_maximum', { max: '300' });
      } finally {
        await restore();
      }
    });
    it('more than the balance, or more than the share of it one order may use', async () => {
      await refused({ orderTotalPrice: '200000' }, 'error.insufficient_balance');
      const restore = await withSettings(server, BTC, { max_balance_share: '0.5' });
      try {
        await refused({ marginAmount: '6000' }, 'error.balance_share_exceeded', { percent: '50' });
      } finally {
        await restore();
      }
    });
    it('a locked product, or one without contracts', async () => {
      const unlock = await withProduct(server, ETH, { is_lock: 1 });
      try {
        await refused({ productCode: ETH, orderTotalPrice: '100' }, 'error.product_locked');
      } finally {
        await unlock();
      }
      const restore = await withProduct(server, ETH, { position_types: '0/2' });
      try {
        await refused({ productCode: ETH, orderTotalPrice: '100' }, 'error.position_type_unavailable');
      } finally {
        await restore();
      }
    });
    it('a closed session, and a time outside the trading windows', async () => {
      const saved = server.clock.now;
      // 22:00 UTC on the test day: 17:00 in New York, after the stock market's close.
      server.clock.now = Date.UTC(2026, 10, 18, 22, 0, 0);
      try {
        await refused({ productType: 1, productCode: AAPL, orderTotalPrice: '1000' }, 'error.market_closed');
      } finally {
        server.clock.now = saved;
      }
      // Wednesday (weekday 3) windows that end before the test's 15:00 UTC.
      const restore = await withSettings(server, BTC, {
        trading_windows: JSON.stringify([{ weekday: 3, from: '00:00', to: '12:00' }]),
      });
      try {
        await refused({ orderTotalPrice: '100' }, 'error.outside_trading_window');
      } finally {
        await restore();
      }
    });
    it('a fee the settings do not define', async () => {
      const { db } = server.context.database;
      const rows = await db
        .selectFrom('order_fee_setting')
        .selectAll()
        .where('remark', 'like', 'forex contract buy%')
        .execute();
      expect(rows).toHaveLength(1);
      await db.deleteFrom('order_fee_setting').where('id', '=', rows[0]!.id).execute();
      try {
        tick(server, EURUSD, '1.16000');
        await refused({ productType: 4, productCode: EURUSD, orderTotalPrice: '2000' }, 'error.fee_not_configured');
      } finally {
        await db.insertInto('order_fee_setting').values(rows[0]!).execute();
      }
    });
  });

  describe('close all and TP/SL edits', () => {
    it('closes every position it may and lists the others with the reason', async () => {
      const gina = await trader(server);
      tick(server, BTC, '100000.00');
      const first = (await openPosition(server, gina, { orderTotalPrice: '1000' })).body.data.id;
      const second = (await openPosition(server, gina, { orderTotalPrice: '2000', orderDirection: 1 })).body.data.id;
      server.clock.advance(HOLD_MS);
      const third = (await openPosition(server, gina, { orderTotalPrice: '500' })).body.data.id;
      tick(server, BTC, '100100.00');
      const answer = await server.post(SELL_ALL, {}, { token: gina.token, headers: freshKey() });
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.closed.map((row: { id: number }) => row.id)).toEqual([first, second]);
      expect(answer.body.data.closed.map((row: { closeReason: string }) => row.closeReason)).toEqual([
        'close_all',
        'close_all',
      ]);
      expect(answer.body.data.skipped).toEqual([
        { positionId: third, msg: 'error.minimum_holding_time', params: { seconds: 10 } },
      ]);
      // long +1 on 0.01, short -2 on 0.02
      expect(answer.body.data.closed.map((row: { profitAndLose: string }) => row.profitAndLose)).toEqual([
        '1.00000000',
        '-2.00000000',
      ]);
      expect((await ledgerBalances(server, gina.userId))['real/3/margin']).toBe('5000000000');
    });

    it('edits take-profit and stop-loss by the direction rules; an empty field removes a level', async () => {
      const hank = await trader(server);
      tick(server, BTC, '100000.00');
      const id = (await openPosition(server, hank, { orderTotalPrice: '1000', stopProfitPrice: '120000' })).body.data
        .id;
      const edited = await server.post(
        UPDATE_STOPS,
        { positionId: id, stopProfitPrice: '', stopLossPrice: '98000.5' },
        { token: hank.token },
      );
      expect(edited.body.data).toMatchObject({ stopProfitPrice: null, stopLossPrice: '98000.50' });
      await expectRefusedUnchanged(
        server,
        hank,
        () => server.post(UPDATE_STOPS, { positionId: id, stopLossPrice: '100500' }, { token: hank.token }),
        'error.stop_loss_wrong_side',
      );
      const stranger = await trader(server, '0');
      await expectRefusedUnchanged(
        server,
        hank,
        () => server.post(UPDATE_STOPS, { positionId: id, stopLossPrice: '90000' }, { token: stranger.token }),
        'error.position_not_found',
      );
      expect(await positionOf(server, hank, id)).toMatchObject({ stopProfitPrice: null, stopLossPrice: '98000.50' });
    });
  });

  it('keeps demo positions in the demo book', async () => {
    const ivy = await trader(server, '0');
    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: ivy.token });
    expect(demo.body.code).toBe(200);
    const demoTrader = { token: demo.body.data.token as string, userId: demo.body.data.userInfo.id as number };
    tick(server, BTC, '100000.00');
    const opened = await openPosition(server, demoTrader, { orderTotalPrice: '1000' });
    expect(opened.body.data).toMatchObject({ demo: 1, marginAmount: '100.00000000' });
    expect(await ledgerBalances(server, demoTrader.userId)).toMatchObject({ 'demo/3/margin': '10000000000' });
    const realList = await server.get(POSITIONS, { token: ivy.token });
    expect(realList.body.total).toBe(0);
  });
});
