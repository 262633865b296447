import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { BTC, credit, ETH, ledgerBalances, USDT } from '../wallet/test-support';
import { MARKET_MAKER_ACCOUNT, MARKET_MAKER_SECRET_FILE } from './market-maker-account';
import { bibiExchangeOf } from './routes';
import { bibiCounts, BTC_PAIR, buy, cancel, depth, ETH_PAIR, platformFeeIncome, sell } from './test-support';

const units = (text: string, scale: number) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(scale, '0').slice(0, scale));
};

describeOnEachDatabase('coin-to-coin exchange', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { marketMaker: true });
  });
  afterAll(async () => {
    const { db } = server.context.database;
    expect((await reconcile(db)).problems).toEqual([]);
    // Zero-sum: every currency's balances, customers' and the platform's, add up to nothing.
    const sums = await db
      .selectFrom('ledger_account')
      .select(['currency_id', sql<string>`cast(sum(balance_units) as text)`.as('total')])
      .groupBy('currency_id')
      .execute();
    for (const row of sums) expect(row.total, `currency ${row.currency_id}`).toBe('0');
    await server.close();
  });

  async function funded(amounts: Partial<Record<number, string>>) {
    const customer = await registerCustomer(server);
    for (const [currencyId, amount] of Object.entries(amounts))
      await credit(server, customer.userId, Number(currencyId), amount!);
    return customer;
  }

  /** Engine depth and the depth mirror agree level for level on every pair. */
  async function mirrorsAgree() {
    const exchange = bibiExchangeOf(server.app)!;
    for (const writer of exchange.allWriters()) {
      const book = await writer.read((engine) => engine.depth(100_000));
      for (const [side, levels] of [
        ['buy', book.bids],
        ['sell', book.asks],
      ] as const) {
        expect(writer.mirror.levelCount(side)).toBe(levels.length);
        for (const level of levels) {
          const mirrored = writer.mirror.level(side, level.price);
          expect([mirrored.size, mirrored.count]).toEqual([level.size, level.orderCount]);
        }
      }
    }
  }

  it('lists every crypto pair with its tick, step, minimum and maker/taker fee rates', async () => {
    const answer = await server.get('/api/bibiTradeOrder/pairs');
    expect(answer.body.code).toBe(200);
    expect(answer.body.total).toBe(12);
    const btc = answer.body.rows.find((row: { productCode: string }) => row.productCode === BTC_PAIR);
    expect(btc).toMatchObject({
      pair: 'BTC/USDT',
      productType: 2,
      baseCurrencyId: BTC,
      baseCurrencyName: 'BTC',
      quoteCurrencyId: USDT,
      tickSize: '0.01',
      volumeStep: '0.00001',
      minimumVolume: '0.00010',
      makerFeeRate: '0.001',
      takerFeeRate: '0.001',
      simulated: true,
      trading: true,
    });
    expect(btc.referencePrice).toMatch(/^\d+\.\d{2}$/);
    const currencies = await server.get('/api/platformCurrency/list');
    const names = currencies.body.rows.map((row: { currencyName: string }) => row.currencyName);
    for (const coin of ['SOL', 'XRP', 'DOGE', 'TRX']) expect(names).toContain(coin);
    // The new coins have no network: no withdrawal address, no channel offers them.
    expect(
      currencies.body.rows.find((row: { currencyName: string }) => row.currencyName === 'SOL').walletAddressType,
    ).toBe('');
  });

  it('matches a limit buy against a resting limit sell: one fill, both fees, conservation', async () => {
    const seller = await funded({ [BTC]: '1' });
    const buyer = await funded({ [USDT]: '10000' });
    const feeBefore = await platformFeeIncome(server, USDT);
    const resting = await sell(server, seller.token, { orderMethod: 0, productPrice: '99000.00', orderVolume: '0.01' });
    expect(resting.body.code, JSON.stringify(resting.body)).toBe(200);
    expect(resting.body.data).toMatchObject({
      status: 0,
      remainingVolume: '0.01000',
      frozenAmount: '0.01000000',
      fills: [],
    });
    expect(await ledgerBalances(server, seller.userId)).toMatchObject({
      'real/4/available': '99000000',
      'real/4/frozen': '1000000',
    });

    const taking = await buy(server, buyer.token, { orderMethod: 0, productPrice: '99000.00', orderVolume: '0.004' });
    expect(taking.body.code, JSON.stringify(taking.body)).toBe(200);
    expect(taking.body.data).toMatchObject({
      status: 1,
      filledVolume: '0.00400',
      filledAmount: '396.00000000',
      averagePrice: '99000.00',
      feeAmount: '0.39600000',
      frozenAmount: '0.00000000',
      remainingVolume: '0.00000',
    });
    expect(taking.body.data.fills).toEqual([
      expect.objectContaining({
        price: '99000.00',
        volume: '0.00400',
        amount: '396.00000000',
        fee: '0.39600000',
        role: 'taker',
      }),
    ]);
    // Buyer: 10000 - 396 - 0.396; coins 0.004; nothing left frozen (the over-reserved fee returned).
    expect(await ledgerBalances(server, buyer.userId)).toMatchObject({
      'real/3/available': String(10000_00000000n - 396_00000000n - 39600000n),
      'real/3/frozen': '0',
      'real/4/available': '400000',
    });
    // Seller: 396 - 0.396 USDT; 0.006 BTC still frozen for the rest of the order.
    expect(await ledgerBalances(server, seller.userId)).toMatchObject({
      'real/3/available': String(396_00000000n - 39600000n),
      'real/4/frozen': '600000',
    });
    expect((await platformFeeIncome(server, USDT)) - feeBefore).toBe(79200000n);

    const entry = await server.context.database.db
      .selectFrom('journal_entry')
      .selectAll()
      .where('reason_code', '=', 'bibi.fill')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ tick_source: 'orderbook', actor_type: 'customer', actor_id: String(buyer.userId) });
    expect(entry.tick_id).toMatch(/^bibi:X:BTCUSD#\d+$/);

    const book = await depth(server);
    expect(book.asks[0]).toMatchObject({ price: '99000.00', volume: '0.00600', orderCount: 1, marketMaker: false });

    const trades = await server.get('/api/bibiTradeOrder/trades', { query: { productCode: BTC_PAIR } });
    expect(trades.body.data[0]).toMatchObject({
      price: '99000.00',
      volume: '0.00400',
      takerDirection: 0,
      marketMaker: false,
    });

    const detail = await server.get('/api/bibiTradeOrder/detail', {
      query: { id: resting.body.data.id },
      token: seller.token,
    });
    expect(detail.body.data).toMatchObject({
      status: 0,
      filledVolume: '0.00400',
      remainingVolume: '0.00600',
      feeAmount: '0.39600000',
    });
    expect(detail.body.data.fills).toEqual([expect.objectContaining({ role: 'maker', volume: '0.00400' })]);

    const cancelled = await cancel(server, seller.token, resting.body.data.id);
    expect(cancelled.body.code, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 2,
      cancelReason: 'customer',
      frozenAmount: '0.00000000',
      filledVolume: '0.00400',
    });
    expect(await ledgerBalances(server, seller.userId)).toMatchObject({
      'real/4/available': '99600000',
      'real/4/frozen': '0',
    });
    expect((await depth(server)).asks.find((level: { price: string }) => level.price === '99000.00')).toBeUndefined();
    await mirrorsAgree();
  });

  it('fills in price-time priority across makers, partly, and shows cumulative depth', async () => {
    const first = await funded({ [BTC]: '1' });
    const second = await funded({ [BTC]: '1' });
    const buyer = await funded({ [USDT]: '100000' });
    const a = await sell(server, first.token, { orderMethod: 0, productPrice: '98000.00', orderVolume: '0.002' });
    const b = await sell(server, second.token, { orderMethod: 0, productPrice: '98000.00', orderVolume: '0.003' });
    const c = await sell(server, first.token, { orderMethod: 0, productPrice: '97999.99', orderVolume: '0.001' });
    const shown = await depth(server);
    expect(shown.asks.slice(0, 2)).toEqual([
      expect.objectContaining({ price: '97999.99', volume: '0.00100', cumulativeVolume: '0.00100', orderCount: 1 }),
      expect.objectContaining({ price: '98000.00', volume: '0.00500', cumulativeVolume: '0.00600', orderCount: 2 }),
    ]);
    const taking = await buy(server, buyer.token, {
      orderMethod: 0,
      productPrice: '98000.00',
      orderVolume: '0.004',
      timeInForce: 'IOC',
    });
    expect(taking.body.data.fills.map((fill: { price: string; volume: string }) => [fill.price, fill.volume])).toEqual([
      ['97999.99', '0.00100'],
      ['98000.00', '0.00200'],
      ['98000.00', '0.00100'],
    ]);
    const order = async (token: string, id: number) =>
      (await server.get('/api/bibiTradeOrder/detail', { query: { id }, token })).body.data;
    expect(await order(first.token, c.body.data.id)).toMatchObject({ status: 1 });
    expect(await order(first.token, a.body.data.id)).toMatchObject({ status: 1, filledVolume: '0.00200' });
    expect(await order(second.token, b.body.data.id)).toMatchObject({ status: 0, remainingVolume: '0.00200' });
    await cancel(server, second.token, b.body.data.id);
    await mirrorsAgree();
  });

  it('sells at market into the bids; the rest of a market order expires and its coins return', async () => {
    const bidder = await funded({ [USDT]: '1000' });
    const seller = await funded({ [BTC]: '0.01' });
    const bid = await buy(server, bidder.token, { orderMethod: 0, productPrice: '50000.00', orderVolume: '0.001' });
    const market = await sell(server, seller.token, { orderMethod: 1, orderVolume: '0.002' });
    expect(market.body.data).toMatchObject({ orderMethod: 1, timeInForce: 'IOC', frozenAmount: '0.00000000' });
    const sold = units(market.body.data.filledVolume, 5);
    expect(sold).toBeGreaterThanOrEqual(100n);
    const balances = await ledgerBalances(server, seller.userId);
    expect(BigInt(balances['real/4/available']!) + BigInt(balances['real/4/frozen']!)).toBe(1_000_000n - sold * 1000n);
    expect(balances['real/4/frozen']).toBe('0');
    expect(units(balances['real/3/available']!, 0)).toBe(
      units(market.body.data.filledAmount, 8) - units(market.body.data.feeAmount, 8),
    );
    const bidNow = await server.get('/api/bibiTradeOrder/detail', {
      query: { id: bid.body.data.id },
      token: bidder.token,
    });
    expect(bidNow.body.data.status).toBe(1);
  });

  it('a market buy by USDT amount takes the asks and releases what it did not spend', async () => {
    const seller = await funded({ [BTC]: '1' });
    const buyer = await funded({ [USDT]: '1000' });
    await sell(server, seller.token, { orderMethod: 0, productPrice: '90000.00', orderVolume: '0.001' });
    await sell(server, seller.token, { orderMethod: 0, productPrice: '90001.00', orderVolume: '0.001' });
    const market = await buy(server, buyer.token, { orderMethod: 1, orderAmount: '150' });
    expect(market.body.code, JSON.stringify(market.body)).toBe(200);
    expect(market.body.data).toMatchObject({
      orderMethod: 1,
      orderAmount: '150.00000000',
      orderVolume: null,
      frozenAmount: '0.00000000',
    });
    const spent = 1000_00000000n - BigInt((await ledgerBalances(server, buyer.userId))['real/3/available']!);
    const filled = units(market.body.data.filledAmount, 8);
    const fee = units(market.body.data.feeAmount, 8);
    expect(spent).toBe(filled + fee);
    expect(filled).toBeLessThanOrEqual(150_00000000n);
    expect(filled).toBeGreaterThan(140_00000000n);
  });

  it('turns a limit buy by USDT amount into whole volume steps', async () => {
    const buyer = await funded({ [USDT]: '1000' });
    const placed = await buy(server, buyer.token, { orderMethod: 0, productPrice: '30000.00', orderAmount: '100' });
    expect(placed.body.data).toMatchObject({ orderVolume: '0.00333', status: 0 });
    // Frozen: 99.9 (notional) + 0.0999 (fee at 0.1 %) + 333 units (one per possible fill, for per-fill rounding).
    expect(placed.body.data.frozenAmount).toBe('99.99990333');
    await cancel(server, buyer.token, placed.body.data.id);
    expect(await ledgerBalances(server, buyer.userId)).toMatchObject({
      'real/3/available': '100000000000',
      'real/3/frozen': '0',
    });
  });

  it('cancels its own resting order instead of trading with it (self-trade prevention)', async () => {
    const trader = await funded({ [BTC]: '1', [USDT]: '10000' });
    const ask = await sell(server, trader.token, { orderMethod: 0, productPrice: '20000.00', orderVolume: '0.01' });
    const bid = await buy(server, trader.token, { orderMethod: 0, productPrice: '20000.00', orderVolume: '0.01' });
    expect(bid.body.data).toMatchObject({ status: 0, fills: [] });
    const old = await server.get('/api/bibiTradeOrder/detail', {
      query: { id: ask.body.data.id },
      token: trader.token,
    });
    expect(old.body.data).toMatchObject({ status: 2, cancelReason: 'self_trade', frozenAmount: '0.00000000' });
    expect(await ledgerBalances(server, trader.userId)).toMatchObject({
      'real/4/available': '100000000',
      'real/4/frozen': '0',
    });
    await cancel(server, trader.token, bid.body.data.id);
    await mirrorsAgree();
  });

  it('a replayed cancel answers the first answer, not "already finished", and changes nothing', async () => {
    const trader = await funded({ [BTC]: '1' });
    const ask = await sell(server, trader.token, { orderMethod: 0, productPrice: '90000.00', orderVolume: '0.01' });
    expect(ask.body.code, JSON.stringify(ask.body)).toBe(200);
    const key = { 'idempotency-key': `cancel-replay-${ask.body.data.id}` };
    const first = await cancel(server, trader.token, ask.body.data.id, key);
    expect(first.body).toMatchObject({ code: 200, data: { status: 2, cancelReason: 'customer' } });
    const before = await bibiCounts(server);
    const balances = await ledgerBalances(server, trader.userId);
    const replay = await cancel(server, trader.token, ask.body.data.id, key);
    expect(replay.body).toEqual(first.body);
    expect(await bibiCounts(server)).toEqual(before);
    expect(await ledgerBalances(server, trader.userId)).toEqual(balances);
    // A new key for the same finished order is a new request, and that one is refused.
    const fresh = await cancel(server, trader.token, ask.body.data.id);
    expect(fresh.body).toMatchObject({ code: 500, msg: 'error.bibi_order_finished' });
  });

  it('refuses bad input with a translated key and changes nothing', async () => {
    const trader = await funded({ [USDT]: '1000', [BTC]: '0.01' });
    const other = await funded({ [BTC]: '1' });
    const theirs = await sell(server, other.token, { orderMethod: 0, productPrice: '60000.00', orderVolume: '0.001' });
    const filledOrder = await buy(server, trader.token, {
      orderMethod: 0,
      productPrice: '60000.00',
      orderVolume: '0.001',
    });
    expect(filledOrder.body.data.status).toBe(1);
    const resting = await sell(server, other.token, { orderMethod: 0, productPrice: '61000.00', orderVolume: '0.001' });
    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: trader.token });
    const cases: [string, () => Promise<{ body: { code: number; msg: string } }>][] = [
      [
        'error.bibi_price_off_tick',
        () => buy(server, trader.token, { orderMethod: 0, productPrice: '100.001', orderVolume: '0.001' }),
      ],
      ['error.bibi_price_required', () => buy(server, trader.token, { orderMethod: 0, orderVolume: '0.001' })],
      [
        'error.bibi_price_invalid',
        () => buy(server, trader.token, { orderMethod: 0, productPrice: 'abc', orderVolume: '0.001' }),
      ],
      [
        'error.bibi_price_not_positive',
        () => buy(server, trader.token, { orderMethod: 0, productPrice: '0', orderVolume: '0.001' }),
      ],
      [
        'error.bibi_volume_off_step',
        () => sell(server, trader.token, { orderMethod: 0, productPrice: '100000', orderVolume: '0.000101' }),
      ],
      [
        'error.bibi_volume_below_minimum',
        () => sell(server, trader.token, { orderMethod: 0, productPrice: '100000', orderVolume: '0.00009' }),
      ],
      ['error.bibi_volume_not_positive', () => sell(server, trader.token, { orderMethod: 1, orderVolume: '0' })],
      ['error.bibi_volume_required', () => buy(server, trader.token, { orderMethod: 0, productPrice: '100' })],
      ['error.required', () => sell(server, trader.token, { orderMethod: 1, orderVolume: '' })],
      ['error.bibi_amount_required', () => buy(server, trader.token, { orderMethod: 1 })],
      ['error.bibi_volume_invalid', () => sell(server, trader.token, { orderMethod: 1, orderVolume: 'lots' })],
      ['error.bibi_amount_not_positive', () => buy(server, trader.token, { orderMethod: 1, orderAmount: '0' })],
      ['error.amount_precision', () => buy(server, trader.token, { orderMethod: 1, orderAmount: '1.123456789' })],
      ['error.bibi_amount_invalid', () => buy(server, trader.token, { orderMethod: 1, orderAmount: '1e5' })],
      [
        'error.bibi_unknown_pair',
        () => buy(server, trader.token, { productCode: 'X:NOPEUSD', orderMethod: 1, orderAmount: '10' }),
      ],
      [
        'error.bibi_unknown_pair',
        () => buy(server, trader.token, { productCode: 'AAPL', orderMethod: 1, orderAmount: '10' }),
      ],
      [
        'error.bibi_unknown_pair',
        () => buy(server, trader.token, { productType: 1, orderMethod: 1, orderAmount: '10' }),
      ],
      [
        'error.insufficient_balance',
        () => buy(server, trader.token, { orderMethod: 0, productPrice: '100000', orderVolume: '0.1' }),
      ],
      [
        'error.insufficient_balance',
        () => sell(server, trader.token, { orderMethod: 0, productPrice: '100000', orderVolume: '1' }),
      ],
      [
        'error.bibi_order_too_large',
        () => buy(server, trader.token, { orderMethod: 0, productPrice: '99999999', orderVolume: '1000' }),
      ],
      [
        'error.bibi_post_only_requires_gtc',
        () =>
          buy(server, trader.token, {
            orderMethod: 0,
            productPrice: '100',
            orderVolume: '0.001',
            postOnly: 1,
            timeInForce: 'IOC',
          }),
      ],
      [
        'error.bibi_time_in_force_invalid',
        () =>
          buy(server, trader.token, { orderMethod: 0, productPrice: '100', orderVolume: '0.001', timeInForce: 'DAY' }),
      ],
      [
        'error.bibi_post_only_would_take',
        () =>
          buy(server, trader.token, { orderMethod: 0, productPrice: '61000.00', orderVolume: '0.001', postOnly: 1 }),
      ],
      [
        'error.bibi_fok_unfillable',
        () =>
          buy(server, trader.token, {
            orderMethod: 0,
            productPrice: '61000.00',
            orderVolume: '0.002',
            timeInForce: 'FOK',
          }),
      ],
      [
        'error.bibi_fok_unfillable',
        () =>
          buy(server, trader.token, { orderMethod: 0, productPrice: '1.00', orderVolume: '0.001', timeInForce: 'FOK' }),
      ],
      ['error.bibi_order_not_found', () => cancel(server, trader.token, theirs.body.data.id)],
      ['error.bibi_order_not_found', () => cancel(server, trader.token, 999_999)],
      ['error.bibi_order_finished', () => cancel(server, trader.token, filledOrder.body.data.id)],
      ['error.bibi_demo_unavailable', () => buy(server, demo.body.data.token, { orderMethod: 1, orderAmount: '10' })],
      ['error.idempotency_key_required', () => buy(server, trader.token, { orderMethod: 1, orderAmount: '10' }, {})],
    ];
    for (const [key, attempt] of cases) {
      const counts = await bibiCounts(server);
      const balances = await ledgerBalances(server, trader.userId);
      const before = await depth(server, BTC_PAIR, 100);
      const answer = await attempt();
      expect(answer.body, key).toMatchObject({ code: 500, msg: key });
      expect(await bibiCounts(server), key).toEqual(counts);
      expect(await ledgerBalances(server, trader.userId), key).toEqual(balances);
      expect({ ...(await depth(server, BTC_PAIR, 100)), time: 0 }, key).toEqual({ ...before, time: 0 });
    }
    const detail = await server.get('/api/bibiTradeOrder/detail', {
      query: { id: theirs.body.data.id },
      token: trader.token,
    });
    expect(detail.body).toMatchObject({ code: 500, msg: 'error.bibi_order_not_found' });
    await cancel(server, other.token, resting.body.data.id);
  });

  it('lists my orders newest first with filters, and my coin holdings with what I paid and received', async () => {
    const trader = await funded({ [USDT]: '5000', [ETH]: '2' });
    const counterparty = await funded({ [USDT]: '5000', [ETH]: '2' });
    const opened = await buy(server, trader.token, {
      productCode: ETH_PAIR,
      orderMethod: 0,
      productPrice: '1000.00',
      orderVolume: '0.5',
    });
    await sell(server, counterparty.token, {
      productCode: ETH_PAIR,
      orderMethod: 0,
      productPrice: '3000.00',
      orderVolume: '0.1',
    });
    const bought = await buy(server, trader.token, {
      productCode: ETH_PAIR,
      orderMethod: 0,
      productPrice: '3000.00',
      orderVolume: '0.1',
    });
    expect(bought.body.data.status).toBe(1);
    const all = await server.get('/api/bibiTradeOrder/list', { token: trader.token, query: { productCode: ETH_PAIR } });
    expect(all.body.total).toBe(2);
    expect(all.body.rows.map((row: { id: number }) => row.id)).toEqual([bought.body.data.id, opened.body.data.id]);
    const open = await server.get('/api/bibiTradeOrder/list', { token: trader.token, query: { status: 0 } });
    expect(open.body.rows.map((row: { id: number }) => row.id)).toEqual([opened.body.data.id]);
    const finished = await server.get('/api/bibiTradeOrder/list', { token: trader.token, query: { finished: 1 } });
    expect(finished.body.rows.map((row: { id: number }) => row.id)).toEqual([bought.body.data.id]);

    const assets = await server.get('/api/userBibiAssets/list', { token: trader.token });
    expect(assets.body.rows).toEqual([
      // 2 + 0.1 ETH; paid 300 + 0.3 fee; sold nothing.
      { productCode: ETH_PAIR, bibiAmount: '2.10000000', buyAmountAll: '300.30000000', sellAmountAll: '0.00000000' },
    ]);
    const theirs = await server.get('/api/userBibiAssets/list', { token: counterparty.token });
    expect(theirs.body.rows).toEqual([
      { productCode: ETH_PAIR, bibiAmount: '1.90000000', buyAmountAll: '0.00000000', sellAmountAll: '299.70000000' },
    ]);
    await cancel(server, trader.token, opened.body.data.id);
  });

  it("labels the market maker's depth levels, trades and orders; it is a funded real account", async () => {
    const { db } = server.context.database;
    const maker = await db
      .selectFrom('user_account')
      .select('id')
      .where('user_account', '=', MARKET_MAKER_ACCOUNT)
      .executeTakeFirstOrThrow();
    const funding = await db
      .selectFrom('journal_entry')
      .selectAll()
      .where('reason_code', '=', 'bibi.market_maker_funding')
      .execute();
    expect(funding.length).toBe(13); // USDT and 12 coins
    expect(funding[0]).toMatchObject({ actor_type: 'system', actor_id: 'bibi-market-maker-seed' });
    const password = readFileSync(
      path.join(server.context.config.dataDirectory, MARKET_MAKER_SECRET_FILE),
      'utf8',
    ).trim();
    const login = await server.post('/api/userInfo/login', { userAccount: MARKET_MAKER_ACCOUNT, userPwd: password });
    expect(login.body.code).toBe(200);
    expect(login.body.data.userInfo.id).toBe(maker.id);
    const token = login.body.data.token;
    const quote = await sell(server, token, {
      productCode: ETH_PAIR,
      orderMethod: 0,
      productPrice: '4000.00',
      orderVolume: '0.01',
      postOnly: 1,
    });
    expect(quote.body.data).toMatchObject({ marketMaker: true, status: 0 });
    const level = (await depth(server, ETH_PAIR)).asks.find((entry: { price: string }) => entry.price === '4000.00');
    expect(level).toMatchObject({ marketMaker: true, marketMakerVolume: '0.0100', volume: '0.0100' });
    const customer = await funded({ [USDT]: '100' });
    const taken = await buy(server, customer.token, {
      productCode: ETH_PAIR,
      orderMethod: 0,
      productPrice: '4000.00',
      orderVolume: '0.005',
    });
    expect(taken.body.data.fills[0]).toMatchObject({ counterpartyMarketMaker: true });
    const trades = await server.get('/api/bibiTradeOrder/trades', { query: { productCode: ETH_PAIR, limit: 1 } });
    expect(trades.body.data[0]).toMatchObject({ marketMaker: true, price: '4000.00' });
    const customerOrders = await server.get('/api/bibiTradeOrder/list', { token: customer.token });
    expect(customerOrders.body.rows[0].marketMaker).toBe(false);
    await cancel(server, token, quote.body.data.id);
  });

  it('refuses orders on a product an operator locked, within a second of the lock', async () => {
    const trader = await funded({ [USDT]: '100' });
    const { db } = server.context.database;
    await db.updateTable('product').set({ is_lock: 1 }).where('product_code', '=', 'X:LTCUSD').execute();
    server.clock.advance(1_500);
    const refused = await buy(server, trader.token, {
      productCode: 'X:LTCUSD',
      orderMethod: 0,
      productPrice: '50.00',
      orderVolume: '0.1',
    });
    expect(refused.body).toMatchObject({ code: 500, msg: 'error.product_locked' });
    await db.updateTable('product').set({ is_lock: 0 }).where('product_code', '=', 'X:LTCUSD').execute();
    server.clock.advance(1_500);
    const placed = await buy(server, trader.token, {
      productCode: 'X:LTCUSD',
      orderMethod: 0,
      productPrice: '50.00',
      orderVolume: '0.1',
    });
    expect(placed.body.code).toBe(200);
    await cancel(server, trader.token, placed.body.data.id);
  });

  it('answers a 24 h ticker from the trades', async () => {
    const answer = await server.get('/api/bibiTradeOrder/ticker', { query: { productCode: ETH_PAIR } });
    expect(answer.body.data).toMatchObject({
      productCode: ETH_PAIR,
      lastPrice: '4000.00',
      tradeCount24h: 2,
      volume24h: '0.1050',
    });
    expect(answer.body.data.amount24h).toBe('320.00000000');
  });

  it('refuses the 201st open order on a pair', async () => {
    const trader = await funded({ [USDT]: '1000' });
    for (let index = 0; index < 200; index += 1) {
      const placed = await buy(server, trader.token, {
        productCode: 'X:DOGEUSD',
        orderMethod: 0,
        productPrice: '0.01000',
        orderVolume: '50',
      });
      expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    }
    const refused = await buy(server, trader.token, {
      productCode: 'X:DOGEUSD',
      orderMethod: 0,
      productPrice: '0.01000',
      orderVolume: '50',
    });
    expect(refused.body).toMatchObject({ code: 500, msg: 'error.bibi_open_orders_limit', params: { max: 200 } });
    const level = (await depth(server, 'X:DOGEUSD')).bids[0];
    expect(level).toMatchObject({ price: '0.01000', orderCount: 200, volume: '10000' });
  });

  it('rebuilds every book after a restart: same depth, open orders and state hash', async () => {
    const before = bibiExchangeOf(server.app)!;
    const snapshot = async (exchange: typeof before) =>
      Promise.all(
        exchange.allWriters().map(async (writer) => ({
          code: writer.pair.productCode,
          state: writer.state,
          sequence: writer.sequence,
          hash: writer.stateHash,
          book: await writer.read((book) => book.exportState()),
          depth: await depth(server, writer.pair.productCode, 100),
        })),
      );
    const earlier = await snapshot(before);
    expect(earlier.some((entry) => entry.book.orders.length > 0)).toBe(true);
    server = await server.restart();
    const after = bibiExchangeOf(server.app)!;
    const later = await snapshot(after);
    expect(later.map((entry) => ({ ...entry, depth: { ...entry.depth, time: 0 } }))).toEqual(
      earlier.map((entry) => ({ ...entry, depth: { ...entry.depth, time: 0 } })),
    );
    await mirrorsAgree();
    // Trading continues where it stopped.
    const trader = await funded({ [USDT]: '100' });
    const placed = await buy(server, trader.token, {
      productCode: 'X:DOGEUSD',
      orderMethod: 0,
      productPrice: '0.01000',
      orderVolume: '50',
    });
    expect(placed.body.code).toBe(200);
    expect(after.writer('X:DOGEUSD').sequence).toBe(earlier.find((entry) => entry.code === 'X:DOGEUSD')!.sequence + 1);
    await cancel(server, trader.token, placed.body.data.id);
  });
});
