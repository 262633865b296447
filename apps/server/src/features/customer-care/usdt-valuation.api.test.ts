import { afterAll, beforeAll, expect, it } from 'vitest';
import { valueInUsdt } from '../ledger/balances';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { usdtValuer } from './usdt-valuation';

const USDT = 3;
/** The first coin-to-coin base coin (migration 0007_bibi): no published rate, a SOL/USDT pair. */
const SOL = 6;

describeOnEachDatabase('the operators\u2019 USDT valuation is the wallet\u2019s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('values a coin without a published rate at its USDT pair, as the wallet does', async () => {
    const { db } = server.context.database;
    // SOL/USDT trades product X:SOLUSD, price scale 2: 187.35 USDT.
    server.market.push('X:SOLUSD', 18_735n);
    const amounts = [
      { currencyId: SOL, scale: 8, units: 250_000_000n },
      { currencyId: USDT, scale: 8, units: 100_000_000n },
    ];
    const total = (await usdtValuer(db, server.market))(amounts);
    expect(total).toEqual({ usdt: '469.37500000', unvalued: [] });

    const wallet = await valueInUsdt(
      db,
      amounts.map(({ currencyId, scale, units }) => ({
        currencyId,
        currencyName: '',
        currencyImg: '',
        scale,
        available: units,
        frozen: 0n,
        margin: 0n,
      })),
      server.market,
    );
    expect(wallet.totalUsdt).toBe(46_937_500_000n);

    // A loss in SOL counts against the total, cut toward zero like a gain.
    expect((await usdtValuer(db, server.market))([{ currencyId: SOL, scale: 8, units: -3n }])).toEqual({
      usdt: '-0.00000562',
      unvalued: [],
    });
  });

  it('without a market, a pair-priced coin is named as unvalued, not guessed', async () => {
    const { db } = server.context.database;
    expect((await usdtValuer(db))([{ currencyId: SOL, scale: 8, units: 1n }])).toEqual({
      usdt: '0.00000000',
      unvalued: [SOL],
    });
  });
});
