import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseConfigDecimal } from './config-decimal';
import { quoteExchange, startOfUtcDay } from './exchange-math';

describe('exchange arithmetic', () => {
  it('rounds the converted amount down and the fee up, each once from the exact value', () => {
    const quote = (amount: bigint, fromScale: number, toScale: number, rate: string, feeRate: string) =>
      quoteExchange({
        amount,
        fromScale,
        toScale,
        rate: parseConfigDecimal(rate),
        feeRate: parseConfigDecimal(feeRate),
      });
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

  it('counts days from 00:00 UTC', () => {
    expect(startOfUtcDay(Date.UTC(2026, 10, 18, 23, 59, 59, 999))).toBe(Date.UTC(2026, 10, 18));
    expect(startOfUtcDay(Date.UTC(2026, 10, 19))).toBe(Date.UTC(2026, 10, 19));
  });
});
