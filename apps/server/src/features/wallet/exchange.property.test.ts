import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { createSession } from '../account/session-service';
import { EXCHANGE_RATES, PLATFORM_CURRENCIES } from '../../seed/platform-data';
import { BTC, credit, ETH, EUR, freshKey, ledgerBalances, USD, USDT } from './test-support';

const DAY_MS = 24 * 3600 * 1000;
const CURRENCIES = [USD, EUR, USDT, BTC, ETH];
const SCALE = new Map<number, number>(PLATFORM_CURRENCIES.map((currency) => [currency.id, currency.scale]));

/** A decimal string as a fraction, exactly (the model's own arithmetic, independent of the domain's). */
function fraction(text: string): { numerator: bigint; denominator: bigint } {
  const [whole = '0', decimals = ''] = text.split('.');
  return { numerator: BigInt(whole + decimals), denominator: 10n ** BigInt(decimals.length) };
}
const floorDivide = (a: bigint, b: bigint) => a / b; // both non-negative here
const ceilDivide = (a: bigint, b: bigint) => (a + b - 1n) / b;

type Outcome = { refused: string } | { from: bigint; to: bigint };

/** What the exchange must do, decided by the model alone: the refusal, or the two balance changes. */
function expectedOutcome(balances: Map<number, bigint>, from: number, to: number, amountText: string): Outcome {
  if (from === to) return { refused: 'error.exchange_same_currency' };
  const pair = EXCHANGE_RATES.find((rate) => rate.from === from && rate.to === to);
  const fromScale = SCALE.get(from);
  const toScale = SCALE.get(to);
  if (!pair || fromScale === undefined || toScale === undefined) return { refused: 'error.exchange_pair_unknown' };
  if (!/^\d+(\.\d+)?$/.test(amountText)) return { refused: 'error.exchange_amount_invalid' };
  const amount = fraction(amountText);
  if ((amount.numerator * 10n ** BigInt(fromScale)) % amount.denominator !== 0n)
    return { refused: 'error.exchange_amount_too_precise' };
  const units = (amount.numerator * 10n ** BigInt(fromScale)) / amount.denominator;
  if (units === 0n) return { refused: 'error.exchange_amount_invalid' };
  const minimum = fraction(pair.min);
  const maximum = fraction(pair.max);
  if (amount.numerator * minimum.denominator < minimum.numerator * amount.denominator)
    return { refused: 'error.exchange_below_minimum' };
  if (amount.numerator * maximum.denominator > maximum.numerator * amount.denominator)
    return { refused: 'error.exchange_above_maximum' };
  const rate = fraction(pair.rate);
  const fee = fraction(pair.fee);
  // converted = units / 10^fromScale * rate, at toScale, rounded down; fee rounded up.
  const converted = floorDivide(
    units * rate.numerator * 10n ** BigInt(toScale),
    10n ** BigInt(fromScale) * rate.denominator,
  );
  const feeUnits = ceilDivide(converted * fee.numerator, fee.denominator);
  if (converted - feeUnits <= 0n) return { refused: 'error.exchange_amount_too_small' };
  if ((balances.get(from) ?? 0n) < units) return { refused: 'error.insufficient_balance' };
  return { from: units, to: converted - feeUnits };
}

const amountText = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 10 }))
      .map(([digits, shift]) => {
        const text = digits.toString().padStart(shift + 1, '0');
        return shift === 0 ? text : `${text.slice(0, -shift)}.${text.slice(-shift)}`;
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom('0', '-5', 'abc', '0.00') },
);
const pairOf = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...EXCHANGE_RATES.map((rate) => [rate.from, rate.to] as const)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CURRENCIES, 99), fc.constantFrom(...CURRENCIES)) },
);
const operation = fc.record({ pair: pairOf, amount: amountText });
const deposit = fc.record({
  currencyId: fc.constantFrom(...CURRENCIES),
  units: fc.bigInt({ min: 1n, max: 10n ** 12n }),
});

describeOnEachDatabase('wallet exchange property', (dialect) => {
  let server: TestServer;
  let customer: { userId: number };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    customer = await registerCustomer(server);
  });
  afterAll(() => server.close());

  async function modelFromLedger(): Promise<Map<number, bigint>> {
    const balances = await ledgerBalances(server, customer.userId);
    return new Map(
      CURRENCIES.map((currencyId) => [currencyId, BigInt(balances[`real/${currencyId}/available`] ?? '0')]),
    );
  }

  it('random exchange sequences keep balances equal to the model, none negative, reconcile clean', async () => {
    await fc.assert(
      fc.asyncProperty(deposit, fc.array(operation, { minLength: 1, maxLength: 5 }), async (funding, operations) => {
        server.clock.advance(DAY_MS); // a fresh daily count for every run
        // Sessions expire after 30 days; a session written directly costs no password hashing per run.
        const token = await createSession(server.context.database.db, customer.userId, server.clock.now);
        const scale = SCALE.get(funding.currencyId)!;
        const text = funding.units.toString().padStart(scale + 1, '0');
        await credit(
          server,
          customer.userId,
          funding.currencyId,
          scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`,
        );
        const model = await modelFromLedger();
        for (const { pair, amount } of operations) {
          const [from, to] = pair;
          const expected = expectedOutcome(model, from, to, amount);
          const answer = await server.post(
            '/api/userInfo/balanceConvert',
            { transAmount: amount, currencyIdFrom: from, currencyIdTo: to },
            { token, headers: freshKey() },
          );
          if ('refused' in expected) {
            expect(answer.body, `${amount} ${from}->${to}`).toMatchObject({ code: 500, msg: expected.refused });
          } else {
            expect(answer.body.code, `${amount} ${from}->${to}: ${JSON.stringify(answer.body)}`).toBe(200);
            model.set(from, model.get(from)! - expected.from);
            model.set(to, model.get(to)! + expected.to);
          }
        }
        const actual = await modelFromLedger();
        expect(actual).toEqual(model);
        for (const units of actual.values()) expect(units >= 0n).toBe(true);
      }),
      { numRuns: process.env.CI ? 1000 : 50 },
    );
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
  }, 900_000);
});
