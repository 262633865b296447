import { describe, expect, it } from 'vitest';
import { checkFollowTerms } from './follow-terms';
import { profitShareOnClose } from './profit-share';
import { mirroredMargin } from './sizing';
import { traderRecord } from './trader-record';

const DAY = 86_400_000;
const USDT = (whole: number) => BigInt(whole) * 10n ** 8n;
const TEN_PERCENT = { units: 10n, scale: 2 };

describe('mirroredMargin', () => {
  it('uses the fixed amount as it is', () => {
    expect(mirroredMargin({ mode: 'fixed', margin: USDT(25) }, USDT(1_000), 8)).toEqual({ margin: USDT(25) });
  });
  it('scales the trader’s margin by the ratio, rounding down', () => {
    expect(mirroredMargin({ mode: 'ratio', ratio: { units: 50n, scale: 2 } }, USDT(30), 8)).toEqual({
      margin: USDT(15),
    });
    expect(mirroredMargin({ mode: 'ratio', ratio: { units: 33n, scale: 2 } }, 10n, 8)).toEqual({ margin: 3n });
  });
  it('refuses a ratio that leaves no margin at all', () => {
    expect(mirroredMargin({ mode: 'ratio', ratio: { units: 1n, scale: 2 } }, 99n, 8).problem?.code).toBe(
      'copy_margin_too_small',
    );
  });
});

describe('profitShareOnClose', () => {
  it('pays the rate of a gain, nothing on a loss, and nothing again until the loss is made good', () => {
    let state = { realizedNet: 0n, highWaterMark: 0n };
    const steps: [number, number][] = [
      [100, 10],
      [-60, 0],
      [40, 0],
      [50, 3], // 80 -> 130: only the 30 above the mark of 100 pays
    ];
    for (const [net, share] of steps) {
      const result = profitShareOnClose(state, USDT(net), TEN_PERCENT, 8);
      expect(result.share).toBe(USDT(share));
      state = result.after;
    }
    expect(state).toEqual({ realizedNet: USDT(130), highWaterMark: USDT(130) });
  });
  it('refuses a state that breaks its invariant', () => {
    expect(() => profitShareOnClose({ realizedNet: 10n, highWaterMark: 5n }, 1n, TEN_PERCENT, 8)).toThrow(RangeError);
  });
});

describe('traderRecord', () => {
  const now = 100 * DAY;
  it('sums net PnL, counts wins and finds the deepest fall from a peak', () => {
    const record = traderRecord(
      [
        { netPnl: USDT(50), margin: USDT(100), closeTime: now - 80 * DAY },
        { netPnl: USDT(-30), margin: USDT(100), closeTime: now - 20 * DAY },
        { netPnl: USDT(-40), margin: USDT(100), closeTime: now - 10 * DAY },
        { netPnl: USDT(90), margin: USDT(100), closeTime: now - 1 * DAY },
      ],
      now,
      8,
    );
    expect(record.realizedPnl).toBe(USDT(70));
    expect(record.closedCount).toBe(4);
    expect(record.winRate).toBe(5_000n);
    expect(record.maxDrawdown).toBe(USDT(70));
    expect(record.returns[7]).toBe(9_000n); // 90 / 100
    expect(record.returns[30]).toBe(666n); // 20 / 300 = 0.0666..., rounded down
    expect(record.returns[90]).toBe(1_750n); // 70 / 400
  });
  it('has no rates before the first close', () => {
    const record = traderRecord([], now, 8);
    expect(record).toMatchObject({ realizedPnl: 0n, closedCount: 0, winRate: null, maxDrawdown: 0n });
    expect(record.returns).toEqual({ 7: null, 30: null, 90: null });
  });
  it('rounds a losing return toward the larger loss', () => {
    const record = traderRecord([{ netPnl: -1n, margin: 3n, closeTime: now }], now, 8);
    expect(record.returns[7]).toBe(-3_334n);
  });
});

describe('checkFollowTerms', () => {
  const bounds = { ratioMin: '0.01', ratioMax: '10', ratioScale: 4, moneyScale: 8 };
  it('accepts a fixed amount within the balance, a ratio in range, an optional stop-loss', () => {
    expect(checkFollowTerms({ mode: 'fixed', amount: '50', stopLoss: '', available: USDT(50) }, bounds).terms).toEqual({
      followAmount: USDT(50),
      followRatio: null,
      stopLoss: null,
    });
    expect(checkFollowTerms({ mode: 'ratio', ratio: '0.5000', stopLoss: '20', available: null }, bounds).terms).toEqual({
      followAmount: null,
      followRatio: '0.5',
      stopLoss: USDT(20),
    });
  });
  it('names every field’s problem at once, with the figures the message needs', () => {
    const checked = checkFollowTerms({ mode: 'fixed', amount: '50.5', stopLoss: '-1', available: USDT(50) }, bounds);
    expect(checked.terms).toBeNull();
    expect(checked.problems).toEqual({
      amount: { code: 'copy_amount_exceeds_available', params: { available: '50' } },
      stopLoss: { code: 'copy_stop_loss_invalid', params: {} },
    });
    for (const amount of [undefined, '', '0', '-5', '1e3', '0.000000001']) {
      expect(checkFollowTerms({ mode: 'fixed', amount, available: null }, bounds).problems.amount?.code).toBe(
        'copy_amount_invalid',
      );
    }
    for (const ratio of [undefined, '0.009', '10.0001', '0.00001', 'x']) {
      expect(checkFollowTerms({ mode: 'ratio', ratio, available: null }, bounds).problems.ratio).toEqual({
        code: 'copy_ratio_invalid',
        params: { min: '0.01', max: '10' },
      });
    }
  });
});
