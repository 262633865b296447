import { parseDecimal } from '@kestrel/domain';
import { describe, expect, it } from 'vitest';
import { findInstrument, INSTRUMENTS } from './catalogue';
import { preparePriceModel } from './priceModel';

const EXPECTED_CODES = {
  1: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'V', 'NFLX', 'AMD', 'KO'],
  2: [
    'X:BTCUSD',
    'X:ETHUSD',
    'X:SOLUSD',
    'X:XRPUSD',
    'X:BNBUSD',
    'X:DOGEUSD',
    'X:ADAUSD',
    'X:AVAXUSD',
    'X:DOTUSD',
    'X:LINKUSD',
    'X:LTCUSD',
    'X:TRXUSD',
  ],
  3: ['ESZ6', 'NQZ6', 'YMZ6', 'CLF7', 'GCG7', 'SIH7', 'NGF7', 'ZCH7'],
  4: [
    'C:EURUSD',
    'C:GBPUSD',
    'C:USDJPY',
    'C:AUDUSD',
    'C:USDCAD',
    'C:USDCHF',
    'C:NZDUSD',
    'C:EURJPY',
    'C:GBPJPY',
    'C:EURGBP',
  ],
};
const SESSION_OF_TYPE = { 1: 'us-equity', 2: 'crypto', 3: 'futures', 4: 'forex' } as const;
/** Plausible annual volatility ranges per asset class, in basis points. */
const VOLATILITY_RANGE = { 1: [1500, 6000], 2: [4500, 10000], 3: [1200, 7000], 4: [500, 1500] } as const;

describe('INSTRUMENTS', () => {
  it('holds exactly the 42 products, grouped by type', () => {
    expect(INSTRUMENTS).toHaveLength(42);
    for (const [type, codes] of Object.entries(EXPECTED_CODES)) {
      expect(
        INSTRUMENTS.filter((instrument) => instrument.productType === Number(type)).map(
          (instrument) => instrument.productCode,
        ),
      ).toEqual(codes);
    }
  });

  it('gives every product a consistent, valid specification', () => {
    for (const instrument of INSTRUMENTS) {
      expect(() => preparePriceModel(instrument)).not.toThrow();
      expect(instrument.session).toBe(SESSION_OF_TYPE[instrument.productType]);
      const [low, high] = VOLATILITY_RANGE[instrument.productType];
      expect(instrument.annualVolatilityBasisPoints).toBeGreaterThanOrEqual(low);
      expect(instrument.annualVolatilityBasisPoints).toBeLessThanOrEqual(high);
      const start = parseDecimal(instrument.startPrice, instrument.priceScale);
      const tick = parseDecimal(instrument.tickSize, instrument.priceScale);
      expect(start % tick).toBe(0n);
      // At least four significant digits of price, so one-second moves are visible.
      expect(start / tick).toBeGreaterThanOrEqual(1000n);
      expect(instrument.name.length).toBeGreaterThan(0);
      expect(instrument.description).toMatch(/^[A-Z].*\.$/);
      expect(instrument.description).not.toBe(instrument.name);
    }
  });

  it('starts every US stock on a price to the cent, not a round one (issue 17)', () => {
    for (const instrument of INSTRUMENTS.filter((candidate) => candidate.productType === 1)) {
      const start = parseDecimal(instrument.startPrice, instrument.priceScale);
      const tick = parseDecimal(instrument.tickSize, instrument.priceScale);
      // Not a whole ten cents, so neither 270.00 nor 270.50 nor 270.10.
      expect(start % (tick * 10n), instrument.productCode).not.toBe(0n);
    }
  });

  it('finds a product by code', () => {
    expect(findInstrument('X:BTCUSD')?.productType).toBe(2);
    expect(findInstrument('NOPE')).toBeUndefined();
  });
});
