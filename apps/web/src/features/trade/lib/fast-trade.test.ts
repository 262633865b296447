import { feeRemark } from '@kestrel/domain';
import { formatDecimal, parseDecimal } from '@kestrel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countdownText,
  durationSecondsOf,
  durationText,
  fastFeeRate,
  previewStake,
  remainingMs,
  serverClock,
  sortOptions,
  stakeShortcut,
  presetStakes,
  type FastTradeOption,
} from './fast-trade';

const option = (overrides: Partial<FastTradeOption> = {}): FastTradeOption => ({
  id: 1,
  productCode: 'X:BTCUSD',
  durationValue: 30,
  durationLabel: 0,
  winRatio: '0.85',
  loseRatio: '1',
  minBuyAmount: '10',
  maxBuyAmount: '5000',
  minUserAmount: '20',
  loseMoneyMethod: 0,
  ...overrides,
});

describe('fast-trade options', () => {
  it('labels durations with the SPEC §3 units and sorts shortest first', () => {
    expect(durationText(option())).toBe('30S');
    expect(durationText(option({ durationValue: 5, durationLabel: 1 }))).toBe('5M');
    expect(durationText(option({ durationValue: 1, durationLabel: 2 }))).toBe('1H');
    expect(durationText(option({ durationValue: 1, durationLabel: 3 }))).toBe('1D');
    expect(durationSecondsOf(option({ durationValue: 2, durationLabel: 2 }))).toBe(7200);
    const sorted = sortOptions([
      option({ id: 3, durationValue: 1, durationLabel: 1 }),
      option({ id: 2, durationValue: 90, durationLabel: 0 }),
      option({ id: 1, durationValue: 30, durationLabel: 0 }),
    ]);
    expect(sorted.map((row) => row.id)).toEqual([1, 3, 2]);
  });

  it('finds the fee of the direction: up is a buy, down a sell; none is null, never zero', () => {
    const settings = [
      { remark: feeRemark(2, 0, 1), feeRate: '0.001' },
      { remark: feeRemark(2, 0, 2), feeRate: '0.002' },
    ];
    expect(fastFeeRate(settings, 2, 'up')).toBe('0.001');
    expect(fastFeeRate(settings, 2, 'down')).toBe('0.002');
    expect(fastFeeRate(settings, 1, 'up')).toBeNull();
  });
});

describe('previewStake', () => {
  const preview = (stake: string, available: string | null = '1000', feeRate: string | null = '0.001') =>
    previewStake({ stake, option: option(), feeRate, available, moneyScale: 8 });

  it('fee on top rounded up, a win pays stake + stake x winRatio rounded down', () => {
    const result = preview('100.33');
    if (result.state !== 'valid') throw new Error(result.state);
    expect(formatDecimal(result.quote.fee, 8)).toBe('0.10033000');
    expect(formatDecimal(result.quote.total, 8)).toBe('100.43033000');
    expect(formatDecimal(result.quote.winPayout, 8)).toBe('185.61050000');
  });

  it('refuses out of bounds, a low balance, a short balance and a missing fee', () => {
    const key = (...args: Parameters<typeof preview>) => {
      const result = preview(...args);
      return result.state === 'invalid' ? result.problem.key : result.state;
    };
    expect(key('9.99')).toBe('trading.stake_below_min');
    expect(key('5000.01', '100000')).toBe('trading.stake_above_max');
    expect(key('10', '15')).toBe('trading.balance_below_min');
    expect(key('1000')).toBe('trading.insufficient_balance');
    expect(key('100', '1000', null)).toBe('trading.fee_not_configured');
    expect(key('1e3')).toBe('trading.amount_invalid');
  });

  it('property: a shortcut stake plus its fee fits the share of the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom<25 | 50 | 75 | 100>(25, 50, 75, 100),
        fc.integer({ min: 0, max: 50_000 }),
        (availableCents, percent, feeMicros) => {
          const available = formatDecimal(BigInt(availableCents), 2);
          const feeRate = formatDecimal(BigInt(feeMicros), 6);
          const stake = stakeShortcut({
            percent,
            option: option(),
            feeRate,
            available,
            moneyScale: 8,
            displayDecimals: 2,
          });
          if (stake === null) return;
          const result = previewStake({ stake, option: option(), feeRate, available: null, moneyScale: 8 });
          if (result.state === 'empty' || !result.quote) throw new Error('no quote');
          expect(result.quote.total <= (parseDecimal(available, 8) * BigInt(percent)) / 100n).toBe(true);
          expect(result.quote.stake <= parseDecimal('5000', 8)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the server clock', () => {
  it('counts from the server time by the monotonic clock, not the phone date', () => {
    let monotonic = 1_000;
    const clock = serverClock(1_700_000_000_000, () => monotonic);
    expect(clock.now()).toBe(1_700_000_000_000);
    monotonic += 12_500;
    expect(clock.now()).toBe(1_700_000_012_500);
    expect(remainingMs(1_700_000_030_000, clock)).toBe(17_500);
    monotonic += 60_000;
    expect(remainingMs(1_700_000_030_000, clock)).toBe(0);
  });

  it('formats the countdown, rounding up so 0:00 means due', () => {
    expect(countdownText(27_001)).toBe('0:28');
    expect(countdownText(27_000)).toBe('0:27');
    expect(countdownText(245_000)).toBe('4:05');
    expect(countdownText(3_723_000)).toBe('1:02:03');
    expect(countdownText(2 * 86_400_000 + 3_723_000)).toBe('2d 01:02:03');
    expect(countdownText(0)).toBe('0:00');
  });
});

describe('preset stakes (app_fastFree 0)', () => {
  it('starts at the minimum and climbs in 1-2-5 steps, six at most', () => {
    expect(presetStakes(option(), 8)).toEqual(['10', '20', '50', '100', '200', '500']);
    expect(presetStakes(option({ minBuyAmount: '15' }), 8)).toEqual(['15', '20', '50', '100', '200', '500']);
  });

  it('never offers more than the maximum; an unset maximum does not cap', () => {
    expect(presetStakes(option({ minBuyAmount: '10', maxBuyAmount: '60' }), 8)).toEqual(['10', '20', '50']);
    expect(presetStakes(option({ minBuyAmount: '1000', maxBuyAmount: '0' }), 8)).toEqual([
      '1000',
      '2000',
      '5000',
      '10000',
      '20000',
      '50000',
    ]);
  });
});
