import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { accountId } from './accounts';
import { postEntry } from './post-entry';
import { BTC, credit, ETH, EUR, USD, USDT } from '../wallet/test-support';

/** The first coin-to-coin base coin (migration 0007_bibi): no published rate, a SOL/USDT pair. */
const SOL = 6;

describeOnEachDatabase('wallet balances in USDT', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** The sum of the rows' USDT values must be the assets total personCenterPanelData shows. */
  async function expectPanelMatchesRows(token: string) {
    const rows = (await server.get('/api/userInfo/userBalanceConvert', { token })).body.data as { USDTValue: string }[];
    const panel = (await server.get('/api/userInfo/personCenterPanelData', { token })).body.data;
    const sum = rows.reduce((total, row) => total + parseDecimal(row.USDTValue, 8), 0n);
    expect(panel.userBalanceConvert).toBe(formatDecimal(sum, 8));
    return { rows, panel };
  }

  it('starts at zero for every visible currency', async () => {
    const customer = await registerCustomer(server);
    const answer = await server.get('/api/userInfo/userBalanceConvert', { token: customer.token });
    expect(answer.body.code).toBe(200);
    // Then the coin-to-coin base coins of migration 0007_bibi (SOL ... TRX), ids 6 to 15.
    const coins = Array.from({ length: 10 }, (_, index) => 6 + index);
    const listed = answer.body.data.map((row: { currencyId: number }) => row.currencyId);
    expect(listed).toEqual([USDT, BTC, USD, EUR, ETH, ...coins]);
    expect(answer.body.data[0]).toEqual({
      currencyId: USDT,
      currencyName: 'USDT',
      currencyImg: '/img/currencies/USDT.svg',
      userAmt: '0.00000000',
      USDTValue: '0.00000000',
      marginAmount: '0.00000000',
      frozenAmount: '0.00000000',
      rateMissing: false,
    });
    expect((await server.get('/api/userInfo/userBalanceConvert')).body.code).toBe(401);
  });

  it('values every currency at its published rate to USDT, frozen included, and agrees with the assets panel', async () => {
    const customer = await registerCustomer(server);
    await credit(server, customer.userId, USDT, '1234.5');
    await credit(server, customer.userId, BTC, '0.5');
    await credit(server, customer.userId, USD, '100.25');
    await credit(server, customer.userId, EUR, '10');
    // 2.5 USDT frozen (as a pending withdrawal would hold it).
    const { db } = server.context.database;
    const available = await accountId(db, {
      userId: customer.userId,
      book: 'real',
      currencyId: USDT,
      kind: 'available',
    });
    const frozen = await accountId(db, { userId: customer.userId, book: 'real', currencyId: USDT, kind: 'frozen' });
    await db.transaction().execute((transaction) =>
      postEntry(
        transaction,
        {
          reasonCode: 'test.freeze',
          referenceType: 'test',
          referenceId: 'freeze',
          actorType: 'system',
          actorId: 'wallet-test',
          memo: '',
          tickId: null,
          tickSource: null,
          postings: [
            { accountId: available, currencyId: USDT, amount: -250_000_000n },
            { accountId: frozen, currencyId: USDT, amount: 250_000_000n },
          ],
        },
        server.clock.now,
      ),
    );
    const { rows, panel } = await expectPanelMatchesRows(customer.token);
    const byId = Object.fromEntries(rows.map((row) => [(row as unknown as { currencyId: number }).currencyId, row]));
    expect(byId[USDT]).toMatchObject({
      userAmt: '1232.00000000',
      frozenAmount: '2.50000000',
      USDTValue: '1234.50000000',
    });
    expect(byId[BTC]).toMatchObject({ userAmt: '0.50000000', USDTValue: '47500.00000000' });
    expect(byId[USD]).toMatchObject({ userAmt: '100.25', USDTValue: '100.14975000' }); // 100.25 x 0.9990
    expect(byId[EUR]).toMatchObject({ userAmt: '10.00', USDTValue: '10.82000000' }); // 10 x 1.0820
    expect(byId[ETH]).toMatchObject({ userAmt: '0.00000000', USDTValue: '0.00000000', rateMissing: false });
    expect(panel.userBalanceConvert).toBe('48845.46975000');
    // userBalance reads the same query.
    const wallets = await server.get('/api/userInfo/userBalance', {
      token: customer.token,
      query: { currencyId: BTC },
    });
    expect(wallets.body.data[0]).toMatchObject({ currencyId: BTC, userAmt: '0.50000000' });
    expect(wallets.body.data.find((row: { currencyId: number }) => row.currencyId === USDT)).toMatchObject({
      userAmt: '1232.00000000',
      frozenAmount: '2.50000000',
    });
  });

  it('rounds each value down, and shows a currency without a rate as "0" with rateMissing', async () => {
    const { db } = server.context.database;
    const customer = await registerCustomer(server);
    await credit(server, customer.userId, ETH, '0.00000003');
    await credit(server, customer.userId, USDT, '1');
    const setEthRate = (rate: string) =>
      db
        .updateTable('currency_exchange_rate')
        .set({ rate })
        .where('currency_id_from', '=', ETH)
        .where('currency_id_to', '=', USDT)
        .execute();
    await setEthRate('3400.123456789');
    try {
      const rounded = await expectPanelMatchesRows(customer.token);
      // 0.00000003 x 3400.123456789 = 0.00010200370370367 -> down -> 0.00010200
      expect(rounded.rows.find((row) => (row as unknown as { currencyId: number }).currencyId === ETH)).toMatchObject({
        USDTValue: '0.00010200',
      });
      expect(rounded.panel.userBalanceConvert).toBe('1.00010200');
    } finally {
      await setEthRate('3400');
    }

    const removed = await db
      .deleteFrom('currency_exchange_rate')
      .where('currency_id_from', '=', ETH)
      .where('currency_id_to', '=', USDT)
      .returningAll()
      .execute();
    // Without its coin-to-coin pair too, nothing prices ETH in USDT.
    const setEthPairEnabled = (enabled: number) =>
      db.updateTable('bibi_pair').set({ is_enabled: enabled }).where('base_currency_id', '=', ETH).execute();
    await setEthPairEnabled(0);
    try {
      const missing = await expectPanelMatchesRows(customer.token);
      expect(missing.rows.find((row) => (row as unknown as { currencyId: number }).currencyId === ETH)).toMatchObject({
        userAmt: '0.00000003',
        USDTValue: '0',
        rateMissing: true,
      });
      expect(missing.panel.userBalanceConvert).toBe('1.00000000');
    } finally {
      await setEthPairEnabled(1);
      await db
        .insertInto('currency_exchange_rate')
        .values(removed.map(({ id: _id, ...row }) => row))
        .execute();
    }
  });

  it('values a coin with no published rate at the last price of its USDT pair (issue 17: "No USDT rate")', async () => {
    const { db } = server.context.database;
    const customer = await registerCustomer(server);
    await credit(server, customer.userId, SOL, '2.5');
    await credit(server, customer.userId, USDT, '1');
    const published = await db
      .selectFrom('currency_exchange_rate')
      .select('id')
      .where('currency_id_from', '=', SOL)
      .where('currency_id_to', '=', USDT)
      .execute();
    expect(published).toEqual([]);
    // SOL/USDT trades product X:SOLUSD, price scale 2: 187.35 USDT.
    server.market.push('X:SOLUSD', 18_735n);
    const { rows, panel } = await expectPanelMatchesRows(customer.token);
    const sol = rows.find((row) => (row as unknown as { currencyId: number }).currencyId === SOL);
    // 2.5 x 187.35 = 468.375
    expect(sol).toMatchObject({ userAmt: '2.50000000', USDTValue: '468.37500000', rateMissing: false });
    expect(panel.userBalanceConvert).toBe('469.37500000');
    // Every coin-to-coin coin the market prices has a value now: none reads "No USDT rate".
    expect(rows.filter((row) => (row as unknown as { rateMissing: boolean }).rateMissing)).toEqual([]);
  });
});
