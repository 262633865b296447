import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { createSession } from '../account/session-service';
import { reconcile } from '../ledger/reconcile';
import { credit, freshKey, ledgerBalances, USDT } from '../wallet/test-support';
import { fastTradeSettlementJob } from './routes';

/**
 * The model, in its own arithmetic (fractions of the seeded terms, not the domain's functions): the
 * 30-second options of one whole-stake product and one partial-loss product, fee 0.002 on top.
 */
const PRODUCTS = {
  'X:BTCUSD': { productType: 2, win: [80n, 100n], lose: null },
  'C:EURUSD': { productType: 4, win: [80n, 100n], lose: [95n, 100n] },
} as const;
type Code = keyof typeof PRODUCTS;
const CODES = Object.keys(PRODUCTS) as Code[];
const SCALE = 8;
const MIN_STAKE = 10n * 10n ** 8n;
const MAX_STAKE = 5000n * 10n ** 8n;
const MIN_USER = 20n * 10n ** 8n;

const stakeText = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.bigInt({ min: 5n * 10n ** 8n, max: 600n * 10n ** 8n }).map((units) => {
      const text = units.toString().padStart(SCALE + 1, '0');
      return `${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`;
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom('abc', '0', '10.000000001', '5000.00000001') },
);
const order = fc.record({ code: fc.constantFrom(...CODES), direction: fc.constantFrom(0, 1), stake: stakeText });
const round = fc.record({
  orders: fc.array(order, { minLength: 1, maxLength: 4 }),
  /** Price move at expiry per product, in price units: down, none or up. */
  moves: fc.record({ 'X:BTCUSD': fc.integer({ min: -2, max: 2 }), 'C:EURUSD': fc.integer({ min: -2, max: 2 }) }),
});

function parseStake(text: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1]!) * 10n ** 8n + BigInt((match[2] ?? '').padEnd(8, '0'));
}
const ceilDivide = (a: bigint, b: bigint) => (a + b - 1n) / b;

function payoutOf(code: Code, direction: number, move: number, stake: bigint): bigint {
  if (move === 0) return stake;
  const won = move > 0 === (direction === 0);
  const product = PRODUCTS[code];
  if (won) return stake + (stake * product.win[0]) / product.win[1];
  if (!product.lose) return 0n;
  return stake - ceilDivide(stake * product.lose[0], product.lose[1]);
}

describeOnEachDatabase('fast trade property', (dialect) => {
  let server: TestServer;
  let customer: { userId: number };
  const optionIds = new Map<Code, number>();
  beforeAll(async () => {
    server = await startTestServer(dialect);
    customer = await registerCustomer(server);
    for (const code of CODES) {
      const answer = await server.get('/api/fastTradeOrderOptions/list', {
        query: { productType: PRODUCTS[code].productType, productCode: code },
      });
      optionIds.set(code, answer.body.rows[0].id);
    }
  });
  afterAll(() => server.close());

  const house = async () => {
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
  const balances = async () => {
    const all = await ledgerBalances(server, customer.userId);
    return { available: BigInt(all['real/3/available'] ?? '0'), frozen: BigInt(all['real/3/frozen'] ?? '0') };
  };

  it('random rounds of fast trades move exactly what the model says; money is conserved; reconcile is clean', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 1500n * 10n ** 8n }), round, async (deposit, { orders, moves }) => {
        const token = await createSession(server.context.database.db, customer.userId, server.clock.now);
        if (deposit > 0n) {
          const text = deposit.toString().padStart(SCALE + 1, '0');
          await credit(server, customer.userId, USDT, `${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`);
        }
        const start = await balances();
        const houseStart = await house();
        expect(start.frozen).toBe(0n);
        const model = { available: start.available, frozen: 0n, house: houseStart };
        const opens = new Map<Code, bigint>();
        for (const code of CODES)
          opens.set(code, server.market.push(code, server.market.lastTick(code)!.price + 5n).price);

        const placed: { code: Code; direction: number; stake: bigint }[] = [];
        for (const { code, direction, stake } of orders) {
          const answer = await server.post(
            '/api/fastTradeOrder/addFastTradeOrder',
            { fastTradeOrderOptionsId: optionIds.get(code)!, orderDirection: direction, orderPrice: stake },
            { token, headers: freshKey() },
          );
          const units = parseStake(stake);
          const fee = units === undefined ? 0n : ceilDivide(units * 2n, 1000n);
          const accepted =
            units !== undefined &&
            units >= MIN_STAKE &&
            units <= MAX_STAKE &&
            model.available >= MIN_USER &&
            model.available >= units + fee;
          expect(answer.body.code, `${stake} with ${model.available}: ${JSON.stringify(answer.body)}`).toBe(
            accepted ? 200 : 500,
          );
          if (!accepted || units === undefined) continue;
          model.available -= units + fee;
          model.frozen += units;
          placed.push({ code, direction, stake: units });
        }
        expect(await balances()).toEqual({ available: model.available, frozen: model.frozen });

        server.clock.advance(30_000);
        for (const code of CODES) server.market.push(code, opens.get(code)! + BigInt(moves[code]));
        await fastTradeSettlementJob(server.app)!.runNow();
        for (const { code, direction, stake } of placed) {
          const payout = payoutOf(code, direction, moves[code], stake);
          model.frozen -= stake;
          model.available += payout;
          model.house += stake - payout;
        }
        expect(await balances()).toEqual({ available: model.available, frozen: 0n });
        expect(await house()).toBe(model.house);
        server.clock.advance(1_000);
      }),
      { numRuns: process.env.CI ? 200 : 25 },
    );
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
  }, 900_000);
});
