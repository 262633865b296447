import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDecimal } from '../decimal';
import { sumOfMoves } from '../decision';
import {
  checkExchange,
  decideExchange,
  ExchangeRateError,
  parseExchangeAmount,
  quoteExchange,
  type ExchangeInput,
  type ExchangePair,
  type ExchangePairTerms,
} from './exchange';

/** A configured decimal at exactly the precision it is written with. */
function scaled(text: string): { units: bigint; scale: number } {
  const [whole = '0', fraction = ''] = text.split('.');
  const significant = fraction.replace(/0+$/, '');
  return { units: BigInt(whole + significant), scale: significant.length };
}

/** USDT -> EUR as seeded: 0.9230, 0.1 %, 10 to 100,000 USDT. */
const USDT_EUR: ExchangePairTerms = {
  fromScale: 8,
  toScale: 2,
  rate: scaled('0.9230'),
  feeRate: scaled('0.001'),
  minimum: scaled('10'),
  maximum: scaled('100000'),
};

describe('exchange quote', () => {
  it('rounds the converted amount down and the fee up, each once from the exact value', () => {
    const quote = (amount: bigint, fromScale: number, toScale: number, rate: string, feeRate: string) =>
      quoteExchange({ amount, fromScale, toScale, rate: scaled(rate), feeRate: scaled(feeRate) });
    // 33.33 USDT x 0.9230 = 30.76359 -> 30.76 EUR; fee 0.03076 -> 0.04; received 30.72.
    expect(quote(3_333_000_000n, 8, 2, '0.9230', '0.001')).toEqual({ converted: 3076n, fee: 4n, received: 3072n });
    // 10.5 USDT x 0.0000105 = 0.00011025 BTC; fee 0.0000002205 -> 0.00000023.
    expect(quote(1_050_000_000n, 8, 8, '0.0000105', '0.002')).toEqual({
      converted: 11025n,
      fee: 23n,
      received: 11002n,
    });
    // A zero fee rate takes nothing.
    expect(quote(100n, 2, 2, '1', '0')).toEqual({ converted: 100n, fee: 0n, received: 100n });
    // 10.12345678 USDT x 0.999 = 10.11333... -> 10.11 USD; fee 0.01011 -> 0.02.
    expect(quote(1_012_345_678n, 8, 2, '0.9990', '0.001')).toEqual({ converted: 1_011n, fee: 2n, received: 1_009n });
  });

  it('a negative fee rate is a configuration fault: it would credit money nobody paid', () => {
    expect(() =>
      quoteExchange({ amount: 1n, fromScale: 2, toScale: 2, rate: scaled('1'), feeRate: { units: -1n, scale: 3 } }),
    ).toThrow(ExchangeRateError);
  });

  it('property: received + fee = converted, fee never below the exact fee, converted never above the exact value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        (amount, fromScale, toScale, rateUnits, feeUnits) => {
          const rate = { units: rateUnits, scale: 6 };
          const feeRate = { units: feeUnits, scale: 5 }; // up to 10 %
          const quote = quoteExchange({ amount, fromScale, toScale, rate, feeRate });
          expect(quote.received + quote.fee).toBe(quote.converted);
          expect(quote.fee >= 0n).toBe(true);
          // converted / 10^toScale <= amount / 10^fromScale * rate / 10^6, compared in integers.
          const exact = amount * rateUnits * 10n ** BigInt(toScale);
          const scaleDown = 10n ** BigInt(fromScale + 6);
          expect(quote.converted * scaleDown <= exact).toBe(true);
          expect((quote.converted + 1n) * scaleDown > exact).toBe(true);
          expect(quote.fee * 10n ** 5n >= quote.converted * feeUnits).toBe(true);
          expect((quote.fee - 1n) * 10n ** 5n < quote.converted * feeUnits).toBe(true);
        },
      ),
    );
  });
});

describe('exchange amount', () => {
  it('too fine is its own refusal with the scale; everything else not positive and plain is invalid', () => {
    expect(parseExchangeAmount('10.5', 2)).toEqual({ units: 1_050n, problem: null });
    expect(parseExchangeAmount('1.123', 2).problem).toEqual({
      code: 'exchange_amount_too_precise',
      params: { scale: 2 },
    });
    for (const text of ['0', '-5', 'abc', '1e3', '', '.5']) {
      expect(parseExchangeAmount(text, 2).problem?.code, text).toBe('exchange_amount_invalid');
    }
    // Too fine is decided before the sign, as the server always has.
    expect(parseExchangeAmount('-0.001', 2).problem?.code).toBe('exchange_amount_too_precise');
  });
});

describe('checking an exchange', () => {
  it('passes with the quote', () => {
    expect(checkExchange(3_333_000_000n, USDT_EUR)).toEqual({
      problem: null,
      quote: { converted: 3076n, fee: 4n, received: 3072n },
    });
  });

  it('refuses in the server order: minimum, maximum, too small after the fee, then the balance', () => {
    expect(checkExchange(999_999_999n, USDT_EUR, 0n)).toEqual({
      problem: { code: 'exchange_below_minimum', params: { min: '10' } },
      quote: null,
    });
    expect(checkExchange(10_000_000_000_001n, USDT_EUR, 0n).problem).toEqual({
      code: 'exchange_above_maximum',
      params: { max: '100000' },
    });
    const tiny = { ...USDT_EUR, minimum: scaled('0') };
    // 0.01 USDT x 0.923 = 0.00923 EUR -> 0.00: nothing arrives.
    expect(checkExchange(1_000_000n, tiny, 0n).problem?.code).toBe('exchange_amount_too_small');
    expect(checkExchange(3_333_000_000n, USDT_EUR, 3_332_999_999n)).toEqual({
      problem: { code: 'insufficient_balance', params: {} },
      quote: { converted: 3076n, fee: 4n, received: 3072n },
    });
  });

  it('compares the bounds exactly at the finer scale, names them as configured, and a zero maximum is none', () => {
    const btc = { ...USDT_EUR, fromScale: 8, minimum: scaled('0.0001'), maximum: scaled('0') };
    expect(checkExchange(9_999n, btc).problem).toEqual({ code: 'exchange_below_minimum', params: { min: '0.0001' } });
    expect(checkExchange(10_000n, btc).problem?.code).not.toBe('exchange_below_minimum');
    expect(checkExchange(10n ** 20n, btc).problem).toBeNull();
    // A maximum finer than the currency: 100.005 at scale 2 refuses 100.01, accepts 100.00.
    const fine = { ...USDT_EUR, fromScale: 2, minimum: scaled('1'), maximum: scaled('100.005') };
    expect(checkExchange(10_001n, fine).problem?.code).toBe('exchange_above_maximum');
    expect(checkExchange(10_000n, fine).problem).toBeNull();
  });

  it('property: whatever passes is within the bounds, receives something, and never more than the rate allows', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.option(fc.bigInt({ min: 0n, max: 10n ** 14n }), { nil: undefined }),
        (amount, rateUnits, feeUnits, minimumUnits, maximumUnits, available) => {
          const pair: ExchangePairTerms = {
            fromScale: 8,
            toScale: 2,
            rate: { units: rateUnits, scale: 6 },
            feeRate: { units: feeUnits, scale: 5 },
            minimum: { units: minimumUnits, scale: 8 },
            maximum: { units: maximumUnits, scale: 8 },
          };
          const check = checkExchange(amount, pair, available);
          if (check.quote) {
            expect(check.quote.received + check.quote.fee).toBe(check.quote.converted);
            // converted / 10^2 <= amount / 10^8 x rate / 10^6
            expect(check.quote.converted * 10n ** 14n <= amount * rateUnits * 10n ** 2n).toBe(true);
          }
          if (check.problem === null) {
            expect(amount >= minimumUnits).toBe(true);
            expect(maximumUnits === 0n || amount <= maximumUnits).toBe(true);
            expect(check.quote!.received > 0n).toBe(true);
            expect(available === undefined || amount <= available).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('deciding an exchange', () => {
  const PAIR: ExchangePair = { ...USDT_EUR, dailyCount: 3 };
  const request = (overrides: Partial<ExchangeInput> = {}): ExchangeInput => ({
    currencyIdFrom: 3,
    currencyIdTo: 2,
    amount: '33.33',
    pair: PAIR,
    exchangesToday: 0,
    ...overrides,
  });

  it('takes the amount into the float and pays out of it, less the fee, in the other currency', () => {
    expect(decideExchange(request())).toEqual({
      problem: null,
      pair: PAIR,
      amount: 3_333_000_000n,
      quote: { converted: 3076n, fee: 4n, received: 3072n },
      moves: [
        { role: 'customer', currency: 'from', amount: -3_333_000_000n },
        { role: 'exchange_float', currency: 'from', amount: 3_333_000_000n },
        { role: 'exchange_float', currency: 'to', amount: -3076n },
        { role: 'customer', currency: 'to', amount: 3072n },
        { role: 'fee_income', currency: 'to', amount: 4n },
      ],
    });
  });

  it('a zero fee moves nothing to fee income', () => {
    const decision = decideExchange(request({ pair: { ...PAIR, feeRate: scaled('0') } }));
    expect(decision.problem === null && decision.moves.map((move) => move.role)).toEqual([
      'customer',
      'exchange_float',
      'exchange_float',
      'customer',
    ]);
  });

  it('refuses in the server order: same currency, no pair, the amount, the limits, then the daily count', () => {
    const problemOf = (overrides: Partial<ExchangeInput>) => decideExchange(request(overrides)).problem;
    expect(problemOf({ currencyIdTo: 3, pair: null, amount: 'abc' })?.code).toBe('exchange_same_currency');
    expect(problemOf({ pair: null, amount: 'abc' })?.code).toBe('exchange_pair_unknown');
    expect(problemOf({ amount: 'abc', exchangesToday: 3 })?.code).toBe('exchange_amount_invalid');
    expect(problemOf({ amount: '1.123456789' })).toEqual({ code: 'exchange_amount_too_precise', params: { scale: 8 } });
    expect(problemOf({ amount: '9.99', exchangesToday: 3 })).toEqual({
      code: 'exchange_below_minimum',
      params: { min: '10' },
    });
    expect(problemOf({ amount: '100000.01' })).toEqual({ code: 'exchange_above_maximum', params: { max: '100000' } });
    expect(problemOf({ amount: '0.001', pair: { ...PAIR, minimum: scaled('0') } })?.code).toBe(
      'exchange_amount_too_small',
    );
    expect(problemOf({ exchangesToday: 3 })).toEqual({ code: 'exchange_daily_limit', params: { count: 3 } });
    expect(problemOf({ exchangesToday: 2 })).toBeNull();
    // A zero daily count is no limit.
    expect(problemOf({ exchangesToday: 1000, pair: { ...PAIR, dailyCount: 0 } })).toBeNull();
  });

  it('a refusal carries nothing to write', () => {
    expect(decideExchange(request({ pair: null }))).toEqual({
      problem: { code: 'exchange_pair_unknown', params: {} },
    });
  });

  it('property: the moves of each currency sum to zero, the customer pays exactly the amount, converted rounds down, the fee up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        // A maximum of zero (none) half the time, so that enough exchanges pass to check.
        fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10n ** 22n })),
        fc.nat({ max: 5 }),
        fc.nat({ max: 5 }),
        (amount, fromScale, toScale, rateUnits, feeUnits, minimumUnits, maximumUnits, dailyCount, today) => {
          const pair: ExchangePair = {
            fromScale,
            toScale,
            rate: { units: rateUnits, scale: 6 },
            feeRate: { units: feeUnits, scale: 5 },
            minimum: { units: minimumUnits, scale: 8 },
            maximum: { units: maximumUnits, scale: 8 },
            dailyCount,
          };
          const decision = decideExchange({
            currencyIdFrom: 1,
            currencyIdTo: 2,
            amount: formatDecimal(amount, fromScale),
            pair,
            exchangesToday: today,
          });
          if (decision.problem) {
            expect(Object.keys(decision)).toEqual(['problem']);
            return;
          }
          const { moves, quote } = decision;
          const inCurrency = (side: 'from' | 'to') => moves.filter((move) => move.currency === side);
          expect(sumOfMoves(inCurrency('from'))).toBe(0n);
          expect(sumOfMoves(inCurrency('to'))).toBe(0n);
          expect(moves.every((move) => move.amount !== 0n)).toBe(true);
          expect(moves[0]).toEqual({ role: 'customer', currency: 'from', amount: -amount });
          expect(quote.received > 0n).toBe(true);
          expect(dailyCount === 0 || today < dailyCount).toBe(true);
          // converted / 10^toScale <= amount / 10^fromScale x rate / 10^6, and one unit more would not be.
          const exact = amount * rateUnits * 10n ** BigInt(toScale);
          const scaleDown = 10n ** BigInt(fromScale + 6);
          expect(quote.converted * scaleDown <= exact).toBe(true);
          expect((quote.converted + 1n) * scaleDown > exact).toBe(true);
          // fee >= converted x feeRate exactly, and one unit less would be below it.
          expect(quote.fee >= 0n).toBe(true);
          expect(quote.fee * 10n ** 5n >= quote.converted * feeUnits).toBe(true);
          expect(quote.fee === 0n || (quote.fee - 1n) * 10n ** 5n < quote.converted * feeUnits).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
