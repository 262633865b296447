import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDecimal } from '@kestrel/domain';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { credit, freshKey, journalLength, ledgerBalances, USDT } from '../wallet/test-support';
import { runFastTradeSettlement } from './settlement-job';
import { findOrder } from './order-repository';
import { fastTradeSettlementJob } from './routes';
import { settleOrder } from './settlement';

const ADD = '/api/fastTradeOrder/addFastTradeOrder';
const LIST = '/api/fastTradeOrder/list';
const DETAIL = '/api/fastTradeOrder/detail';
const STATISTICS = '/api/fastTradeOrder/statistics';
const BTC = 'X:BTCUSD';
const UNITS = 10n ** 8n;
/** USDT units (scale 8) of a decimal with at most 8 places. */
const usdt = (text: string) => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(whole) * UNITS + BigInt(fraction.padEnd(8, '0'));
  return text.startsWith('-') ? -units : units;
};

describeOnEachDatabase('fast trades', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  async function funded(amount = '1000') {
    const customer = await registerCustomer(server);
    await credit(server, customer.userId, USDT, amount);
    return customer;
  }

  async function optionId(productCode: string, productType: number, durationValue: number, durationLabel: number) {
    const answer = await server.get('/api/fastTradeOrderOptions/list', { query: { productType, productCode } });
    const option = answer.body.rows.find(
      (row: { durationValue: number; durationLabel: number }) =>
        row.durationValue === durationValue && row.durationLabel === durationLabel,
    );
    if (!option) throw new Error(`no ${durationValue}/${durationLabel} option for ${productCode}`);
    return option.id as number;
  }

  const place = (token: string, body: Record<string, unknown>, headers: Record<string, string> = freshKey()) =>
    server.post(ADD, body, { token, headers });
  const settle = async () => fastTradeSettlementJob(server.app)!.runNow();
  const lastPrice = (productCode: string) => server.market.lastTick(productCode)!.price;
  const balancesOf = async (userId: number) => {
    const balances = await ledgerBalances(server, userId);
    return {
      available: BigInt(balances['real/3/available'] ?? '0'),
      frozen: BigInt(balances['real/3/frozen'] ?? '0'),
    };
  };
  const houseUnits = async () => {
    const row = await server.context.database.db
      .selectFrom('ledger_account')
      .select(sql<string>`cast(balance_units as text)`.as('units'))
      .where('user_id', '=', 0)
      .where('book', '=', 'real')
      .where('currency_id', '=', USDT)
      .where('kind', '=', 'trading_house')
      .executeTakeFirst();
    return BigInt(row?.units ?? '0');
  };
  const entriesOf = (orderId: number) =>
    server.context.database.db
      .selectFrom('journal_entry')
      .selectAll()
      .where('reference_type', '=', 'fast_trade')
      .where('reference_id', '=', String(orderId))
      .orderBy('id')
      .execute();
  const orderCount = async () =>
    Number(
      (
        await server.context.database.db
          .selectFrom('fast_trade_order')
          .select(sql<number>`count(*)`.as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  describe('options', () => {
    it('seeds six durations per product with S/M/H/D labels, fixed ratios and both lose methods', async () => {
      const crypto = await server.get('/api/fastTradeOrderOptions/list', {
        query: { productType: 2, productCode: BTC },
      });
      expect(
        crypto.body.rows.map((row: { durationValue: number; durationLabel: number }) => [
          row.durationValue,
          row.durationLabel,
        ]),
      ).toEqual([
        [30, 0],
        [60, 0],
        [3, 1],
        [5, 1],
        [1, 2],
        [1, 3],
      ]);
      expect(crypto.body.rows[0]).toMatchObject({ winRatio: '0.80', loseRatio: '1', loseMoneyMethod: 0 });
      const forex = await server.get('/api/fastTradeOrderOptions/list', {
        query: { productType: 4, productCode: 'C:EURUSD' },
      });
      expect(forex.body.rows[0]).toMatchObject({ loseRatio: '0.95', loseMoneyMethod: 1, minUserAmount: '20' });
      const products = await server.context.database.db
        .selectFrom('product')
        .leftJoin('fast_trade_order_option as option', 'option.product_code', 'product.product_code')
        .select(['product.product_code', sql<number>`count(option.id)`.as('options')])
        .groupBy('product.product_code')
        .execute();
      expect(products.length).toBeGreaterThan(40);
      expect(products.every((product) => Number(product.options) === 6)).toBe(true);
    });
  });

  describe('placing', () => {
    it('holds the stake, charges the fee on top and records the open tick in one entry', async () => {
      const customer = await funded('1000');
      const option = await optionId(BTC, 2, 30, 0);
      const openTick = server.market.push(BTC, lastPrice(BTC) + 100n);
      const published = vi.spyOn(server.hub, 'publishPrivate');
      vi.spyOn(server.hub, 'hasPrivateSubscribers').mockReturnValue(true);
      const journalBefore = await journalLength(server);

      const answer = await place(customer.token, {
        fastTradeOrderOptionsId: option,
        orderDirection: 0,
        orderPrice: '100',
      });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      const order = answer.body.data;
      expect(order).toMatchObject({
        fastTradeOrderOptionsId: option,
        productCode: BTC,
        productType: 2,
        productName: 'Bitcoin',
        orderDirection: 0,
        orderPrice: '100.00000000',
        fee: '0.20000000',
        feeRate: '0.002',
        currencyId: USDT,
        currencyName: 'USDT',
        durationValue: 30,
        durationLabel: 0,
        durationSeconds: 30,
        winRatio: '0.80',
        loseRatio: '1',
        loseMoneyMethod: 0,
        openPrice: formatDecimal(openTick.price, 2),
        openTickId: `${BTC}#${openTick.seq}@${openTick.time}`,
        openTickSource: 'test-script',
        openTime: server.clock.now,
        expiryTime: server.clock.now + 30_000,
        status: 0,
        result: null,
        settlePrice: null,
        payout: null,
        settleEntryId: null,
        demo: 0,
        simulated: true,
        serverTime: server.clock.now,
      });
      expect(await balancesOf(customer.userId)).toEqual({ available: usdt('899.8'), frozen: usdt('100') });
      expect(await journalLength(server)).toBe(journalBefore + 1);
      const [entry] = await entriesOf(order.id);
      expect(entry).toMatchObject({
        id: order.openEntryId,
        reason_code: 'fast_trade.opened',
        actor_type: 'customer',
        actor_id: String(customer.userId),
        tick_id: `${BTC}#${openTick.seq}@${openTick.time}`,
        tick_source: 'test-script',
      });
      expect(published).toHaveBeenCalledWith(`${customer.userId}/real`, 'fastOrders', {
        event: 'opened',
        order: expect.objectContaining({ id: order.id, status: 0 }),
      });

      const detail = await server.get(DETAIL, { token: customer.token, query: { id: order.id } });
      expect(detail.body.data).toEqual({ ...order, productName: 'Bitcoin' });
      const list = await server.get(LIST, { token: customer.token });
      expect(list.body).toMatchObject({ code: 200, total: 1, rows: [{ id: order.id, serverTime: server.clock.now }] });
      // Its statement shows the hold and the fee with the tick.
      const statement = await server.get('/api/userAccountRecord/list', { token: customer.token });
      const opened = statement.body.rows.filter(
        (row: { reasonCode: string }) => row.reasonCode === 'fast_trade.opened',
      );
      expect(opened).toHaveLength(2);
      expect(opened).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'available',
            amount: '-100.20000000',
            tickId: `${BTC}#${openTick.seq}@${openTick.time}`,
          }),
          expect.objectContaining({ kind: 'frozen', amount: '100.00000000', tickSource: 'test-script' }),
        ]),
      );

      server.clock.advance(30_000);
      server.market.push(BTC, openTick.price);
      await settle();
    });

    it('replays an idempotent request without placing a second order', async () => {
      const customer = await funded('1000');
      const option = await optionId(BTC, 2, 60, 0);
      const headers = freshKey();
      const body = { fastTradeOrderOptionsId: option, orderDirection: 1, orderPrice: '50' };
      const first = await place(customer.token, body, headers);
      const journal = await journalLength(server);
      const again = await place(customer.token, body, headers);
      expect(again.body).toEqual(first.body);
      expect(await journalLength(server)).toBe(journal);
      const reused = await place(customer.token, { ...body, orderPrice: '51' }, headers);
      expect(reused.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });
      expect((await server.get(LIST, { token: customer.token })).body.total).toBe(1);
      server.clock.advance(60_000);
      server.market.push(BTC, lastPrice(BTC));
      await settle();
    });
  });

  describe('refusals change nothing', () => {
    async function refused(
      token: string,
      body: Record<string, unknown>,
      expected: { msg: string; params?: Record<string, unknown> },
      headers: Record<string, string> = freshKey(),
      userId?: number,
    ) {
      const before = { journal: await journalLength(server), orders: await orderCount() };
      const balances = userId === undefined ? undefined : await ledgerBalances(server, userId);
      const answer = await place(token, body, headers);
      expect(answer.body).toMatchObject({ code: 500, ...expected });
      expect({ journal: await journalLength(server), orders: await orderCount() }).toEqual(before);
      if (userId !== undefined) expect(await ledgerBalances(server, userId)).toEqual(balances);
    }

    it('refuses unknown options, bad amounts and bounds, balance rules and a missing key', async () => {
      const customer = await funded('1000');
      const option = await optionId(BTC, 2, 30, 0);
      const base = { fastTradeOrderOptionsId: option, orderDirection: 0, orderPrice: '100' };
      const { token, userId } = customer;
      await refused(
        token,
        { ...base, fastTradeOrderOptionsId: 999_999 },
        { msg: 'error.fast_trade_option_not_found' },
        freshKey(),
        userId,
      );
      await refused(token, { ...base, orderPrice: 'abc' }, { msg: 'error.amount_invalid' }, freshKey(), userId);
      await refused(token, { ...base, orderPrice: '-5' }, { msg: 'error.amount_not_positive' }, freshKey(), userId);
      await refused(
        token,
        { ...base, orderPrice: '10.123456789' },
        { msg: 'error.amount_precision' },
        freshKey(),
        userId,
      );
      await refused(
        token,
        { ...base, orderPrice: '9.99' },
        { msg: 'error.fast_trade_stake_below_minimum', params: { min: '10' } },
        freshKey(),
        userId,
      );
      await refused(
        token,
        { ...base, orderPrice: '5000.01' },
        { msg: 'error.fast_trade_stake_above_maximum', params: { max: '5000' } },
        freshKey(),
        userId,
      );
      await refused(
        token,
        { ...base, orderDirection: 2 },
        { msg: 'error.invalid_param', params: { field: 'orderDirection' } },
      );
      await refused(token, base, { msg: 'error.idempotency_key_required' }, {}, userId);
      const anonymous = await server.post(ADD, base, { headers: freshKey() });
      expect(anonymous.body.code).toBe(401);

      const poor = await funded('15');
      await refused(
        poor.token,
        { ...base, orderPrice: '10' },
        { msg: 'error.fast_trade_balance_below_minimum', params: { min: '20' } },
        freshKey(),
        poor.userId,
      );
      const exact = await funded('30');
      // 30 + the fee of 0.06 is more than 30.
      await refused(
        exact.token,
        { ...base, orderPrice: '30' },
        { msg: 'error.insufficient_balance' },
        freshKey(),
        exact.userId,
      );
    });

    it('refuses a locked product, a product without fast trades, a closed market, a missing fee and broken terms', async () => {
      const customer = await funded('1000');
      const { db } = server.context.database;
      const ethOption = await optionId('X:ETHUSD', 2, 30, 0);
      const base = { fastTradeOrderOptionsId: ethOption, orderDirection: 0, orderPrice: '100' };
      const { token, userId } = customer;

      await db.updateTable('product').set({ is_lock: 1 }).where('product_code', '=', 'X:ETHUSD').execute();
      await refused(token, base, { msg: 'error.product_locked' }, freshKey(), userId);
      await db
        .updateTable('product')
        .set({ is_lock: 0, position_types: '1/2/3' })
        .where('product_code', '=', 'X:ETHUSD')
        .execute();
      await refused(token, base, { msg: 'error.position_type_unavailable' }, freshKey(), userId);
      await db
        .updateTable('product')
        .set({ position_types: '0/1/2/3' })
        .where('product_code', '=', 'X:ETHUSD')
        .execute();

      const fee = await db
        .selectFrom('order_fee_setting')
        .selectAll()
        .where('remark', 'like', 'crypto fast buy fee%')
        .executeTakeFirstOrThrow();
      await db.updateTable('order_fee_setting').set({ remark: 'retired row' }).where('id', '=', fee.id).execute();
      await refused(token, base, { msg: 'error.fee_not_configured' }, freshKey(), userId);
      // The sell side (down) is still configured.
      const down = await place(token, { ...base, orderDirection: 1 });
      expect(down.body.code).toBe(200);
      await db.updateTable('order_fee_setting').set({ remark: fee.remark }).where('id', '=', fee.id).execute();

      const option = await db
        .selectFrom('fast_trade_order_option')
        .selectAll()
        .where('id', '=', ethOption)
        .executeTakeFirstOrThrow();
      await db.updateTable('fast_trade_order_option').set({ lose_ratio: '1.5' }).where('id', '=', ethOption).execute();
      await refused(token, base, { msg: 'error.fast_trade_option_unavailable' }, freshKey(), userId);
      await db
        .updateTable('fast_trade_order_option')
        .set({ lose_ratio: option.lose_ratio })
        .where('id', '=', ethOption)
        .execute();

      // Saturday: the US stock market is closed.
      const appleOption = await optionId('AAPL', 1, 30, 0);
      const now = server.clock.now;
      server.clock.now = Date.UTC(2026, 10, 21, 15, 0, 0);
      try {
        await refused(
          token,
          { ...base, fastTradeOrderOptionsId: appleOption },
          { msg: 'error.market_closed' },
          freshKey(),
          userId,
        );
      } finally {
        server.clock.now = now;
      }
      server.clock.advance(30_000);
      server.market.push('X:ETHUSD', lastPrice('X:ETHUSD'));
      await settle();
    });
  });

  describe('settlement', () => {
    async function openAt(
      customer: { token: string },
      productCode: string,
      productType: number,
      direction: number,
      stake = '100',
    ) {
      const open = server.market.push(productCode, lastPrice(productCode) + 10n);
      const option = await optionId(productCode, productType, 30, 0);
      const answer = await place(customer.token, {
        fastTradeOrderOptionsId: option,
        orderDirection: direction,
        orderPrice: stake,
      });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      return { order: answer.body.data as { id: number; expiryTime: number }, open };
    }

    it('pays a win on the tick at the expiry time, not on a later one, from the house', async () => {
      const customer = await funded('1000');
      const house = await houseUnits();
      const { order, open } = await openAt(customer, BTC, 2, 0);
      server.clock.advance(30_000);
      const expiry = server.market.push(BTC, open.price + 500n);
      server.clock.advance(1_000);
      // After the expiry the price falls below the open price: it must not decide.
      server.market.push(BTC, open.price - 5_000n);
      const published = vi.spyOn(server.hub, 'publishPrivate');
      vi.spyOn(server.hub, 'hasPrivateSubscribers').mockReturnValue(true);
      await settle();

      const detail = (await server.get(DETAIL, { token: customer.token, query: { id: order.id } })).body.data;
      expect(detail).toMatchObject({
        status: 1,
        result: 1,
        settlePrice: formatDecimal(expiry.price, 2),
        settleTickId: `${BTC}#${expiry.seq}@${expiry.time}`,
        settleTickSource: 'test-script',
        payout: '180.00000000',
        profit: '80.00000000',
        settleTime: server.clock.now,
      });
      expect(await balancesOf(customer.userId)).toEqual({ available: usdt('1079.8'), frozen: 0n });
      expect((await houseUnits()) - house).toBe(-usdt('80'));
      const entries = await entriesOf(order.id);
      expect(entries).toHaveLength(2);
      expect(entries[1]).toMatchObject({
        id: detail.settleEntryId,
        reason_code: 'fast_trade.won',
        actor_type: 'system',
        actor_id: 'fast-trade-settlement',
        tick_id: `${BTC}#${expiry.seq}@${expiry.time}`,
        tick_source: 'test-script',
      });
      expect(published).toHaveBeenCalledWith(`${customer.userId}/real`, 'fastOrders', {
        event: 'settled',
        order: expect.objectContaining({ id: order.id, status: 1, result: 1 }),
      });
      const panel = await server.get('/api/userInfo/personCenterPanelData', { token: customer.token });
      expect(panel.body.data).toMatchObject({ fastTradeWin: 1, fastTradeLose: 0 });
    });

    it('loses the whole stake to the house with method 0', async () => {
      const customer = await funded('1000');
      const house = await houseUnits();
      // Down, and the price rises.
      const { order, open } = await openAt(customer, BTC, 2, 1);
      server.clock.advance(30_000);
      server.market.push(BTC, open.price + 1n);
      await settle();
      const detail = (await server.get(DETAIL, { token: customer.token, query: { id: order.id } })).body.data;
      expect(detail).toMatchObject({ status: 1, result: 2, payout: '0.00000000', profit: '-100.00000000' });
      expect(await balancesOf(customer.userId)).toEqual({ available: usdt('899.8'), frozen: 0n });
      expect((await houseUnits()) - house).toBe(usdt('100'));
      expect((await entriesOf(order.id))[1]).toMatchObject({ reason_code: 'fast_trade.lost' });
      const panel = await server.get('/api/userInfo/personCenterPanelData', { token: customer.token });
      expect(panel.body.data).toMatchObject({ fastTradeWin: 0, fastTradeLose: 1 });
    });

    it('loses stake x loseRatio and returns the rest with method 1', async () => {
      const customer = await funded('1000');
      const house = await houseUnits();
      const { order, open } = await openAt(customer, 'C:EURUSD', 4, 0);
      server.clock.advance(30_000);
      server.market.push('C:EURUSD', open.price - 3n);
      await settle();
      const detail = (await server.get(DETAIL, { token: customer.token, query: { id: order.id } })).body.data;
      expect(detail).toMatchObject({
        status: 1,
        result: 2,
        loseRatio: '0.95',
        payout: '5.00000000',
        profit: '-95.00000000',
      });
      expect(await balancesOf(customer.userId)).toEqual({ available: usdt('904.8'), frozen: 0n });
      expect((await houseUnits()) - house).toBe(usdt('95'));
    });

    it('refunds the stake on a tie and keeps the fee', async () => {
      const customer = await funded('1000');
      const house = await houseUnits();
      const { order, open } = await openAt(customer, BTC, 2, 0);
      server.clock.advance(30_000);
      server.market.push(BTC, open.price);
      await settle();
      const detail = (await server.get(DETAIL, { token: customer.token, query: { id: order.id } })).body.data;
      expect(detail).toMatchObject({ status: 1, result: 3, payout: '100.00000000', profit: '0.00000000' });
      expect(await balancesOf(customer.userId)).toEqual({ available: usdt('999.8'), frozen: 0n });
      expect(await houseUnits()).toBe(house);
      expect((await entriesOf(order.id))[1]).toMatchObject({ reason_code: 'fast_trade.tied' });
    });

    it('waits for the expiry tick, then settles a silent feed on the last tick at or before the expiry', async () => {
      const customer = await funded('1000');
      const { order, open } = await openAt(customer, BTC, 2, 0);
      server.clock.advance(31_000);
      await settle();
      expect((await server.get(DETAIL, { token: customer.token, query: { id: order.id } })).body.data.status).toBe(0);
      server.clock.advance(5_000);
      await settle();
      const detail = (await server.get(DETAIL, { token: customer.token, query: { id: order.id } })).body.data;
      expect(detail).toMatchObject({ status: 1, result: 3, settleTickId: `${BTC}#${open.seq}@${open.time}` });
    });

    it('settles once however often and however concurrently it runs', async () => {
      const customer = await funded('1000');
      const first = await openAt(customer, BTC, 2, 0);
      const second = await openAt(customer, BTC, 2, 1);
      server.clock.advance(30_000);
      server.market.push(BTC, second.open.price + 7n);
      const dependencies = {
        database: server.context.database,
        market: server.market,
        clock: server.clock.read,
        log: server.context.log,
        onSettled: () => undefined,
      };
      const runs = await Promise.all([runFastTradeSettlement(dependencies), runFastTradeSettlement(dependencies)]);
      expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBeGreaterThanOrEqual(2);
      await settle();
      await settle();
      for (const { order } of [first, second]) expect(await entriesOf(order.id)).toHaveLength(2);

      // A replay of one order's settlement, and two at once, post nothing more.
      const { db } = server.context.database;
      const row = (await findOrder(db, first.order.id))!;
      const tick = server.market.lastTick(BTC)!;
      const replays = await Promise.all([
        db
          .transaction()
          .execute((transaction) => settleOrder(transaction, { ...row, status: 0 }, tick, server.clock.now)),
        db
          .transaction()
          .execute((transaction) => settleOrder(transaction, { ...row, status: 0 }, tick, server.clock.now)),
      ]);
      expect(replays).toEqual([null, null]);
      expect(await entriesOf(first.order.id)).toHaveLength(2);
    });

    it('lets exactly one of two concurrent settlements of an open order post', async () => {
      const customer = await funded('1000');
      const { order, open } = await openAt(customer, BTC, 2, 0);
      // Without the job's timer, only the two settlements below contend.
      await fastTradeSettlementJob(server.app)!.stop();
      server.clock.advance(30_000);
      const expiry = server.market.push(BTC, open.price + 3n);
      const { db } = server.context.database;
      const row = (await findOrder(db, order.id))!;
      const results = await Promise.all([
        db.transaction().execute((transaction) => settleOrder(transaction, row, expiry, server.clock.now)),
        db.transaction().execute((transaction) => settleOrder(transaction, row, expiry, server.clock.now)),
      ]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(await entriesOf(order.id)).toHaveLength(2);
      expect(await balancesOf(customer.userId)).toEqual({ available: usdt('1079.8'), frozen: 0n });
      // Back to a running job for the tests after this one.
      server = await server.restart();
    });
  });

  describe('restart', () => {
    it('settles an order opened before a restart on the tick at its expiry time after it', async () => {
      const customer = await funded('1000');
      const open = server.market.push(BTC, lastPrice(BTC) + 10n);
      const option = await optionId(BTC, 2, 30, 0);
      const placed = await place(customer.token, {
        fastTradeOrderOptionsId: option,
        orderDirection: 0,
        orderPrice: '100',
      });
      expect(placed.body.code).toBe(200);

      server = await server.restart();
      expect(
        (await server.get(DETAIL, { token: customer.token, query: { id: placed.body.data.id } })).body.data.status,
      ).toBe(0);
      server.clock.advance(30_000);
      const expiry = server.market.push(BTC, open.price + 250n);
      server.clock.advance(2_000);
      server.market.push(BTC, open.price - 250n);
      await settle();

      const detail = (await server.get(DETAIL, { token: customer.token, query: { id: placed.body.data.id } })).body
        .data;
      expect(detail).toMatchObject({
        status: 1,
        result: 1,
        openTickId: `${BTC}#${open.seq}@${open.time}`,
        settleTickId: `${BTC}#${expiry.seq}@${expiry.time}`,
        settlePrice: formatDecimal(expiry.price, 2),
        payout: '180.00000000',
      });
      const entries = await entriesOf(placed.body.data.id);
      expect(entries.map((entry) => [entry.reason_code, entry.tick_id, entry.tick_source])).toEqual([
        ['fast_trade.opened', `${BTC}#${open.seq}@${open.time}`, 'test-script'],
        ['fast_trade.won', `${BTC}#${expiry.seq}@${expiry.time}`, 'test-script'],
      ]);
    });

    it('settles an order that fell due while the server was down at start-up, on the price at its expiry time', async () => {
      const customer = await funded('1000');
      const option = await optionId(BTC, 2, 30, 0);
      const placed = await place(customer.token, {
        fastTradeOrderOptionsId: option,
        orderDirection: 0,
        orderPrice: '100',
      });
      expect(placed.body.code).toBe(200);
      const expiryTime = placed.body.data.expiryTime as number;
      // The server goes down before the expiry and comes back ten minutes later.
      await fastTradeSettlementJob(server.app)!.stop();
      server.clock.advance(10 * 60_000);
      server = await server.restart();

      const detail = (await server.get(DETAIL, { token: customer.token, query: { id: placed.body.data.id } })).body
        .data;
      expect(detail.status).toBe(1);
      expect(detail.settleTickSource).toBe('simulator:history');
      // The price rebuilt for the expiry time: the close of the last minute that ended at or before it,
      // from the same 1-minute history the chart shows, never a price from after the expiry.
      const minute = server.market
        .candles(BTC, '1m')
        .filter((candle) => candle.openTime + 60_000 <= expiryTime)
        .at(-1)!;
      expect(detail.settlePrice).toBe(formatDecimal(minute.close, 2));
      expect(detail.settleTickId).toBe(`${BTC}#history@${minute.openTime + 60_000}`);
      expect(minute.openTime + 60_000).toBeLessThanOrEqual(expiryTime);
      const [, settlement] = await entriesOf(placed.body.data.id);
      expect(settlement).toMatchObject({
        tick_id: detail.settleTickId,
        tick_source: 'simulator:history',
        created_at: server.clock.now,
      });
    });
  });

  describe('lists, detail and statistics', () => {
    it('pages own orders newest first, filters by status and hides other customers’ orders', async () => {
      const customer = await funded('1000');
      const other = await funded('1000');
      const option = await optionId('X:XRPUSD', 2, 30, 0);
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const answer = await place(customer.token, {
          fastTradeOrderOptionsId: option,
          orderDirection: index % 2,
          orderPrice: '10',
        });
        ids.push(answer.body.data.id);
      }
      const theirs = await place(other.token, { fastTradeOrderOptionsId: option, orderDirection: 0, orderPrice: '10' });
      const page = await server.get(LIST, { token: customer.token, query: { pageNum: 1, pageSize: 2 } });
      expect(page.body.total).toBe(3);
      expect(page.body.rows.map((row: { id: number }) => row.id)).toEqual([ids[2], ids[1]]);
      const open = await server.get(LIST, { token: customer.token, query: { status: 0, productCode: 'X:XRPUSD' } });
      expect(open.body.total).toBe(3);
      expect((await server.get(LIST, { token: customer.token, query: { status: 1 } })).body.total).toBe(0);
      const foreign = await server.get(DETAIL, { token: customer.token, query: { id: theirs.body.data.id } });
      expect(foreign.body).toMatchObject({ code: 500, msg: 'error.fast_trade_order_not_found' });
      expect((await server.get(DETAIL, { token: customer.token, query: { id: 99_999_999 } })).body.msg).toBe(
        'error.fast_trade_order_not_found',
      );
      expect((await server.get(LIST, { token: customer.token, query: { pageSize: 101 } })).body.msg).toBe(
        'error.page_size_too_large',
      );
      server.clock.advance(30_000);
      server.market.push('X:XRPUSD', lastPrice('X:XRPUSD'));
      await settle();
      expect((await server.get(LIST, { token: customer.token, query: { status: 1 } })).body.total).toBe(3);
    });

    it('publishes each product’s won, lost and tied counts and customers’ net result, real money only', async () => {
      const code = 'X:SOLUSD';
      const option = await optionId(code, 2, 30, 0);
      const customer = await funded('1000');
      const demo = (await server.post('/api/userInfo/changeLoginModel', {}, { token: (await funded('1')).token })).body
        .data.token as string;
      const open = server.market.push(code, lastPrice(code) + 5n);
      for (const [token, direction] of [
        [customer.token, 0],
        [customer.token, 1],
        [demo, 0],
        [demo, 0],
      ] as const) {
        const answer = await place(token, {
          fastTradeOrderOptionsId: option,
          orderDirection: direction,
          orderPrice: '100',
        });
        expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      }
      const before = (await server.get(STATISTICS, { query: { productCode: code } })).body.data;
      expect(before).toMatchObject({ ordersOpen: 2, ordersWon: 0, ordersLost: 0, customersNetResult: '0.00000000' });
      server.clock.advance(30_000);
      server.market.push(code, open.price + 1n);
      await settle();
      // One more, tied.
      const tiedOpen = server.market.push(code, lastPrice(code));
      await place(customer.token, { fastTradeOrderOptionsId: option, orderDirection: 0, orderPrice: '100' });
      server.clock.advance(30_000);
      server.market.push(code, tiedOpen.price);
      await settle();

      const statistics = await server.get(STATISTICS, { query: { productCode: code } });
      expect(statistics.body.data).toEqual({
        productCode: code,
        currencyId: USDT,
        currencyName: 'USDT',
        ordersWon: 1,
        ordersLost: 1,
        ordersTied: 1,
        ordersOpen: 0,
        totalStaked: '300.00000000',
        totalPaidOut: '280.00000000',
        totalFees: '0.60000000',
        customersNetResult: '-20.60000000',
        customersNetResultBeforeFees: '-20.00000000',
        winRatePercent: '50.00',
        serverTime: server.clock.now,
      });
      expect((await server.get(STATISTICS, { query: { productCode: 'X:NOPE' } })).body.msg).toBe(
        'error.unknown_product',
      );
      // The demo orders are demo money: flagged, and in the demo book.
      const demoOrders = await server.get(LIST, { token: demo });
      expect(demoOrders.body.rows.every((row: { demo: number }) => row.demo === 1)).toBe(true);
    });
  });
});
