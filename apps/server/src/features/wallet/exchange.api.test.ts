import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { BTC, credit, ETH, EUR, freshKey, journalLength, ledgerBalances, USD, USDT } from './test-support';

const CONVERT = '/api/userInfo/balanceConvert';
const DAY_MS = 24 * 3600 * 1000;

describeOnEachDatabase('wallet exchange', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  async function funded(amounts: Partial<Record<number, string>>) {
    const customer = await registerCustomer(server);
    for (const [currencyId, amount] of Object.entries(amounts))
      await credit(server, customer.userId, Number(currencyId), amount!);
    return customer;
  }

  const convert = (token: string, body: Record<string, unknown>, headers: Record<string, string> = freshKey()) =>
    server.post(CONVERT, body, { token, headers });

  it.each([
    // amount, from, to, converted, fee, received (seeded rates: USDT->USD 0.9990 fee 0.001, BTC->USDT 95000 fee 0.002, ...)
    ['100', USDT, USD, '99.90', '0.10', '99.80'],
    ['33.33', USDT, EUR, '30.76', '0.04', '30.72'],
    ['0.0123', BTC, USDT, '1168.50000000', '2.33700000', '1166.16300000'],
    ['10.5', USDT, BTC, '0.00011025', '0.00000023', '0.00011002'],
    ['0.001', ETH, USDT, '3.40000000', '0.00680000', '3.39320000'],
  ] as const)(
    'converts %s (%i -> %i): converted %s, fee %s (rounded up), received %s',
    async (amount, from, to, converted, fee, received) => {
      const customer = await funded({ [USDT]: '1000', [BTC]: '1', [ETH]: '1' });
      const before = await ledgerBalances(server, customer.userId);
      const answer = await convert(customer.token, { transAmount: amount, currencyIdFrom: from, currencyIdTo: to });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({
        convertedAmount: converted,
        feeAmount: fee,
        receivedAmount: received,
        currencyIdFrom: from,
        currencyIdTo: to,
      });
      const after = await ledgerBalances(server, customer.userId);
      const scaleOf = (currencyId: number) => (currencyId === USD || currencyId === EUR ? 2 : 8);
      const units = (text: string, scale: number) =>
        BigInt(text.replace('.', '')) * 10n ** BigInt(scale - (text.split('.')[1]?.length ?? 0));
      expect(BigInt(before[`real/${from}/available`] ?? '0') - BigInt(after[`real/${from}/available`]!)).toBe(
        units(amount, scaleOf(from)),
      );
      expect(BigInt(after[`real/${to}/available`]!) - BigInt(before[`real/${to}/available`] ?? '0')).toBe(
        units(received, scaleOf(to)),
      );

      const records = await server.get('/api/balanceConvertRecord/list', { token: customer.token });
      expect(records.body.total).toBe(1);
      expect(records.body.rows[0]).toEqual(answer.body.data);
      const entry = await server.context.database.db
        .selectFrom('journal_entry')
        .selectAll()
        .where('reference_type', '=', 'exchange')
        .where('reference_id', '=', String(answer.body.data.id))
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({
        reason_code: 'exchange.convert',
        actor_type: 'customer',
        actor_id: String(customer.userId),
      });
    },
  );

  it('refuses bad amounts, pairs and currencies with a translated key, changing nothing', async () => {
    const customer = await funded({ [USDT]: '50', [USD]: '50' });
    const balances = await ledgerBalances(server, customer.userId);
    const entries = await journalLength(server);
    const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
      [{ transAmount: '-10', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.exchange_amount_invalid'],
      [{ transAmount: '0', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.exchange_amount_invalid'],
      [{ transAmount: '0.000', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.exchange_amount_invalid'],
      [{ transAmount: 'abc', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.exchange_amount_invalid'],
      [{ transAmount: '1e3', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.exchange_amount_invalid'],
      [{ transAmount: '12,5', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.exchange_amount_invalid'],
      [{ transAmount: 'NaN', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.exchange_amount_invalid'],
      [
        { transAmount: '10.123456789', currencyIdFrom: USDT, currencyIdTo: USD },
        'error.exchange_amount_too_precise',
        { scale: 8 },
      ],
      [
        { transAmount: '10.001', currencyIdFrom: USD, currencyIdTo: USDT },
        'error.exchange_amount_too_precise',
        { scale: 2 },
      ],
      [{ transAmount: '', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.required', { field: 'transAmount' }],
      [{ transAmount: '10', currencyIdFrom: USDT, currencyIdTo: USDT }, 'error.exchange_same_currency'],
      [{ transAmount: '10', currencyIdFrom: USD, currencyIdTo: EUR }, 'error.exchange_pair_unknown'],
      [{ transAmount: '10', currencyIdFrom: 99, currencyIdTo: USDT }, 'error.exchange_pair_unknown'],
      [{ transAmount: '10', currencyIdFrom: USDT, currencyIdTo: 99 }, 'error.exchange_pair_unknown'],
      [
        { transAmount: '10', currencyIdFrom: 'usdt', currencyIdTo: USD },
        'error.invalid_param',
        { field: 'currencyIdFrom' },
      ],
      [
        { transAmount: '10', currencyIdFrom: -3, currencyIdTo: USD },
        'error.invalid_param',
        { field: 'currencyIdFrom' },
      ],
      [
        { transAmount: '9.99999999', currencyIdFrom: USDT, currencyIdTo: USD },
        'error.exchange_below_minimum',
        { min: '10' },
      ],
      [
        { transAmount: '100000.01', currencyIdFrom: USDT, currencyIdTo: USD },
        'error.exchange_above_maximum',
        { max: '100000' },
      ],
      [{ transAmount: '50.01', currencyIdFrom: USDT, currencyIdTo: USD }, 'error.insufficient_balance'],
      [{ transAmount: '10', currencyIdFrom: EUR, currencyIdTo: USDT }, 'error.insufficient_balance'],
    ];
    for (const [body, msg, params] of cases) {
      const answer = await convert(customer.token, body);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ code: 500, msg, ...(params ? { params } : {}) });
    }
    const noKey = await server.post(
      CONVERT,
      { transAmount: '10', currencyIdFrom: USDT, currencyIdTo: USD },
      { token: customer.token },
    );
    expect(noKey.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_required' });
    const anonymous = await server.post(
      CONVERT,
      { transAmount: '10', currencyIdFrom: USDT, currencyIdTo: USD },
      { headers: freshKey() },
    );
    expect(anonymous.body.code).toBe(401);

    expect(await ledgerBalances(server, customer.userId)).toEqual(balances);
    expect(await journalLength(server)).toBe(entries);
    expect((await server.get('/api/balanceConvertRecord/list', { token: customer.token })).body.total).toBe(0);
  });

  it('refuses an amount whose fee leaves nothing to receive', async () => {
    const { db } = server.context.database;
    await db
      .updateTable('currency_exchange_rate')
      .set({ min_amount: '0.00000001' })
      .where('currency_id_from', '=', USDT)
      .where('currency_id_to', '=', BTC)
      .execute();
    try {
      const customer = await funded({ [USDT]: '1' });
      const answer = await convert(customer.token, {
        transAmount: '0.00000001',
        currencyIdFrom: USDT,
        currencyIdTo: BTC,
      });
      expect(answer.body).toMatchObject({ code: 500, msg: 'error.exchange_amount_too_small' });
      expect(await ledgerBalances(server, customer.userId)).toEqual({ 'real/3/available': '100000000' });
    } finally {
      await db
        .updateTable('currency_exchange_rate')
        .set({ min_amount: '10' })
        .where('currency_id_from', '=', USDT)
        .where('currency_id_to', '=', BTC)
        .execute();
    }
  });

  it('counts exchanges per pair and UTC day against the daily count', async () => {
    const { db } = server.context.database;
    const setDailyCount = (dailyCount: number) =>
      db
        .updateTable('currency_exchange_rate')
        .set({ daily_count: dailyCount })
        .where('currency_id_from', '=', USDT)
        .where('currency_id_to', '=', EUR)
        .execute();
    await setDailyCount(2);
    try {
      const customer = await funded({ [USDT]: '1000' });
      const exchange = () => convert(customer.token, { transAmount: '10', currencyIdFrom: USDT, currencyIdTo: EUR });
      expect((await exchange()).body.code).toBe(200);
      expect((await exchange()).body.code).toBe(200);
      const balances = await ledgerBalances(server, customer.userId);
      expect((await exchange()).body).toMatchObject({
        code: 500,
        msg: 'error.exchange_daily_limit',
        params: { count: 2 },
      });
      expect(await ledgerBalances(server, customer.userId)).toEqual(balances);
      // Another pair has its own count.
      expect(
        (await convert(customer.token, { transAmount: '10', currencyIdFrom: USDT, currencyIdTo: USD })).body.code,
      ).toBe(200);
      // The next UTC day starts a new count.
      server.clock.advance(DAY_MS);
      expect((await exchange()).body.code).toBe(200);
      expect(
        (await server.get('/api/balanceConvertRecord/list', { token: customer.token, query: { pageSize: 2 } })).body,
      ).toMatchObject({
        total: 4,
        rows: [{ currencyIdTo: EUR }, { currencyIdTo: USD }],
      });
    } finally {
      await setDailyCount(10);
    }
  });

  it('idempotency: five concurrent replays of one key have one effect and the same answer; a reused key is refused', async () => {
    const customer = await funded({ [USDT]: '100' });
    const headers = freshKey();
    const body = { transAmount: '25', currencyIdFrom: USDT, currencyIdTo: USD };
    const answers = await Promise.all(Array.from({ length: 5 }, () => convert(customer.token, body, headers)));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.code).toBe(200);
    expect(await ledgerBalances(server, customer.userId)).toEqual({
      'real/3/available': '7500000000',
      'real/1/available': '2494',
    });
    expect((await server.get('/api/balanceConvertRecord/list', { token: customer.token })).body.total).toBe(1);
    const reused = await convert(customer.token, { ...body, transAmount: '26' }, headers);
    expect(reused.body).toMatchObject({ code: 500, msg: 'error.idempotency_key_reused' });
    // The key is the customer's own: another customer's request with the same key is its own request.
    const other = await funded({ [USDT]: '100' });
    expect((await convert(other.token, body, headers)).body.code).toBe(200);
  });

  it('race: concurrent exchanges of the whole balance with different keys: exactly one succeeds', async () => {
    const customer = await funded({ [USDT]: '40' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        convert(customer.token, { transAmount: '40', currencyIdFrom: USDT, currencyIdTo: USD }),
      ),
    );
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.body.code !== 200))
      expect(answer.body.msg).toBe('error.insufficient_balance');
    expect(await ledgerBalances(server, customer.userId)).toMatchObject({
      'real/3/available': '0',
      'real/1/available': '3992',
    });
  });

  it('lists only my own records, paged and bounded', async () => {
    const customer = await funded({ [USDT]: '100' });
    const list = await server.get('/api/balanceConvertRecord/list', {
      token: customer.token,
      query: { pageSize: 101 },
    });
    expect(list.body).toMatchObject({ code: 500, msg: 'error.page_size_too_large' });
    expect((await server.get('/api/balanceConvertRecord/list', { token: customer.token })).body).toMatchObject({
      code: 200,
      rows: [],
      total: 0,
    });
  });
});
