import { parseDecimal } from '@kestrel/domain';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './catalogue';
import { MarketSimulator } from './simulator';
import type { Tick } from './types';

// Wednesday 2026-11-18 10:00 New York: every session is open.
const WEDNESDAY = Date.UTC(2026, 10, 18, 15, 0);
// Saturday 2026-11-21 12:00 UTC: only crypto trades.
const SATURDAY = Date.UTC(2026, 10, 21, 12, 0);

function run(seed: string | number, start: number, steps: number): Tick[] {
  const simulator = new MarketSimulator({ seed, instruments: INSTRUMENTS, startTimeMs: start, tickIntervalMs: 1000 });
  const ticks: Tick[] = [];
  for (let step = 1; step <= steps; step += 1) ticks.push(...simulator.step(start + step * 1000));
  return ticks;
}

describe('MarketSimulator', () => {
  it('is deterministic: the same seed and clock give identical ticks', () => {
    expect(run('kestrel', WEDNESDAY, 300)).toEqual(run('kestrel', WEDNESDAY, 300));
  });

  it('gives different prices for a different seed', () => {
    const first = run(1, WEDNESDAY, 60).map((tick) => tick.price);
    const second = run(2, WEDNESDAY, 60).map((tick) => tick.price);
    expect(first).not.toEqual(second);
  });

  it('only ticks products whose session is open', () => {
    const weekend = run('s', SATURDAY, 5);
    expect(new Set(weekend.map((tick) => tick.productCode))).toEqual(
      new Set(
        INSTRUMENTS.filter((instrument) => instrument.session === 'crypto').map((instrument) => instrument.productCode),
      ),
    );
    expect(run('s', WEDNESDAY, 1)).toHaveLength(42);
  });

  it('emits positive prices on the tick grid, positive integer quantities and strictly increasing seq', () => {
    const ticks = run('grid', WEDNESDAY, 120);
    const lastSeq = new Map<string, number>();
    for (const tick of ticks) {
      const instrument = INSTRUMENTS.find((candidate) => candidate.productCode === tick.productCode);
      if (!instrument) throw new Error(`unknown ${tick.productCode}`);
      expect(tick.price).toBeGreaterThanOrEqual(1n);
      expect(tick.price % parseDecimal(instrument.tickSize, instrument.priceScale)).toBe(0n);
      expect(tick.quantity).toBeGreaterThanOrEqual(1n);
      expect(tick.seq).toBeGreaterThan(lastSeq.get(tick.productCode) ?? 0);
      expect(tick.source).toBe('simulator');
      lastSeq.set(tick.productCode, tick.seq);
    }
  });

  it('moves each price about as much as its annual volatility implies over an hour', () => {
    const hours = 1;
    const ticks = run('volatility', WEDNESDAY, hours * 3600);
    for (const instrument of INSTRUMENTS) {
      const prices = ticks
        .filter((tick) => tick.productCode === instrument.productCode)
        .map((tick) => Number(tick.price));
      let sumOfSquares = 0;
      for (let index = 1; index < prices.length; index += 1)
        sumOfSquares += Math.log((prices[index] ?? 1) / (prices[index - 1] ?? 1)) ** 2;
      const expectedVariance =
        ((instrument.annualVolatilityBasisPoints / 10_000) ** 2 * (hours * 3600)) / secondsPerYear(instrument.session);
      // Realised variance of one-second returns against the model's; tick rounding adds a little where
      // a second's move is a fraction of a tick (corn), so the upper bound has some room.
      const ratio = sumOfSquares / expectedVariance;
      expect(ratio, instrument.productCode).toBeGreaterThan(0.7);
      expect(ratio, instrument.productCode).toBeLessThan(1.5);
    }
  });

  it('moves a stock across the weekend only by its trading time, so Monday opens near Friday close', () => {
    const fridayClose = Date.UTC(2026, 10, 20, 21, 0) - 1000;
    const simulator = new MarketSimulator({
      seed: 'weekend',
      instruments: INSTRUMENTS.filter((instrument) => instrument.productCode === 'KO'),
      startTimeMs: fridayClose,
      tickIntervalMs: 1000,
    });
    const before = simulator.currentPrice('KO') ?? 0n;
    expect(simulator.step(SATURDAY)).toEqual([]);
    const [mondayOpen] = simulator.step(Date.UTC(2026, 10, 23, 14, 30, 1));
    expect(mondayOpen?.seq).toBe(1);
    const move = Number((mondayOpen?.price ?? 0n) - before) / Number(before);
    expect(Math.abs(move)).toBeLessThan(0.005);
  });
});

function secondsPerYear(session: string): number {
  if (session === 'us-equity') return 252 * 6.5 * 3600;
  if (session === 'crypto') return 365.25 * 86_400;
  if (session === 'forex') return 260 * 86_400;
  return 260 * 23 * 3600;
}
