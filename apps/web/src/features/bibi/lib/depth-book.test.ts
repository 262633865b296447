import type { bibi } from '@kestrel/contract/web';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDepthSnapshot,
  applyDepthUpdate,
  BUFFERED_UPDATES_MAX,
  depthView,
  emptyDepthBook,
  needsSnapshot,
  type DepthBookState,
} from './depth-book';

const CODE = 'X:BTCUSD';
const level = (price: string, volume: string, marketMaker = false): bibi.DepthLevel => ({
  price,
  volume,
  cumulativeVolume: '0',
  orderCount: 1,
  marketMaker,
  marketMakerVolume: marketMaker ? volume : '0',
});
const change = (price: string, volume: string): bibi.DepthLevelChange => ({
  price,
  volume,
  orderCount: volume === '0' ? 0 : 1,
  marketMaker: false,
  marketMakerVolume: '0',
});
const snapshot = (sequence: number, bids: bibi.DepthLevel[], asks: bibi.DepthLevel[]): bibi.DepthSnapshot => ({
  productCode: CODE,
  sequence,
  bids,
  asks,
  time: sequence,
});
const update = (
  sequence: number,
  bids: bibi.DepthLevelChange[] = [],
  asks: bibi.DepthLevelChange[] = [],
): bibi.DepthUpdate => ({ productCode: CODE, sequence, bids, asks, time: sequence });

const empty = () => emptyDepthBook(CODE, 2, 4);
const prices = (state: DepthBookState) => {
  const view = depthView(state, 50);
  return { bids: view.bids.map((row) => row.price), asks: view.asks.map((row) => row.price) };
};

describe('depth book: snapshot and increments', () => {
  it('shows the snapshot best first with cumulative sizes and the spread', () => {
    const state = applyDepthSnapshot(
      empty(),
      snapshot(
        10,
        [level('99.00', '1.5000'), level('100.00', '0.2500', true)],
        [level('101.50', '2.0000'), level('101.00', '0.7500')],
      ),
      100,
    );
    const view = depthView(state, 8);
    expect(view.bids.map((row) => [row.price, row.volume, row.cumulative])).toEqual([
      ['100.00', '0.2500', '0.2500'],
      ['99.00', '1.5000', '1.7500'],
    ]);
    expect(view.asks.map((row) => [row.price, row.cumulative])).toEqual([
      ['101.00', '0.7500'],
      ['101.50', '2.7500'],
    ]);
    expect(view.bids[0]?.marketMaker).toBe(true);
    expect(view.spread).toBe('1.00');
    // The deepest cumulative on either side is the full bar.
    expect(view.asks[1]?.barPercent).toBe(100);
    expect(view.bids[1]?.barPercent).toBeCloseTo(63.63, 1);
  });

  it('applies increments in sequence: changes, adds and removes levels (volume 0)', () => {
    let state = applyDepthSnapshot(empty(), snapshot(5, [level('100.00', '1.0000')], [level('101.00', '1.0000')]), 100);
    state = applyDepthUpdate(state, update(6, [change('100.50', '0.5000')], [change('101.00', '0')]));
    state = applyDepthUpdate(state, update(7, [change('100.00', '3.0000')], [change('102.00', '4.0000')]));
    expect(state.sequence).toBe(7);
    expect(prices(state)).toEqual({ bids: ['100.50', '100.00'], asks: ['102.00'] });
    expect(depthView(state, 8).bids[1]?.cumulative).toBe('3.5000');
    expect(needsSnapshot(state, 8)).toBe(false);
  });

  it('drops increments at or below the snapshot sequence and of other pairs', () => {
    let state = applyDepthSnapshot(empty(), snapshot(5, [level('100.00', '1.0000')], []), 100);
    state = applyDepthUpdate(state, update(5, [change('100.00', '0')]));
    state = applyDepthUpdate(state, update(4, [change('100.00', '0')]));
    state = applyDepthUpdate(state, { ...update(6, [change('100.00', '0')]), productCode: 'X:ETHUSD' });
    expect(prices(state).bids).toEqual(['100.00']);
    expect(state.sequence).toBe(5);
  });

  it('buffers increments before the snapshot and applies only the newer ones after it', () => {
    let state = empty();
    state = applyDepthUpdate(state, update(4, [change('90.00', '9.0000')]));
    state = applyDepthUpdate(state, update(6, [change('100.00', '2.0000')]));
    state = applyDepthUpdate(state, update(7, [change('99.00', '1.0000')]));
    expect(needsSnapshot(state, 8)).toBe(true);
    state = applyDepthSnapshot(state, snapshot(5, [level('100.00', '1.0000')], []), 100);
    expect(state.phase).toBe('live');
    expect(state.sequence).toBe(7);
    expect(depthView(state, 8).bids.map((row) => [row.price, row.volume])).toEqual([
      ['100.00', '2.0000'],
      ['99.00', '1.0000'],
    ]);
  });

  it('detects a gap, asks for a snapshot, and recovers with what arrived after it', () => {
    let state = applyDepthSnapshot(empty(), snapshot(1, [level('100.00', '1.0000')], []), 100);
    state = applyDepthUpdate(state, update(3, [change('100.00', '5.0000')]));
    expect(state.phase).toBe('resync');
    expect(needsSnapshot(state, 8)).toBe(true);
    // The book does not move on what it cannot place in sequence.
    expect(depthView(state, 8).bids[0]?.volume).toBe('1.0000');
    state = applyDepthUpdate(state, update(4, [change('99.00', '1.0000')]));
    state = applyDepthSnapshot(state, snapshot(3, [level('100.00', '5.0000')], []), 100);
    expect(state.phase).toBe('live');
    expect(state.sequence).toBe(4);
    expect(prices(state).bids).toEqual(['100.00', '99.00']);
  });

  it('a gap among the buffered increments leaves the book in resync', () => {
    let state = applyDepthUpdate(empty(), update(7));
    state = applyDepthSnapshot(state, snapshot(5, [], []), 100);
    expect(state.phase).toBe('resync');
  });

  it('bounds the buffer', () => {
    let state = empty();
    for (let sequence = 1; sequence <= BUFFERED_UPDATES_MAX + 10; sequence += 1) {
      state = applyDepthUpdate(state, update(sequence));
    }
    expect(state.buffered).toHaveLength(BUFFERED_UPDATES_MAX);
    expect(state.buffered[0]?.sequence).toBe(11);
  });

  it('trusts a cut side only up to its worst price and refetches when it thins below what is shown', () => {
    const bids = [level('100.00', '1.0000'), level('99.00', '1.0000'), level('98.00', '1.0000')];
    let state = applyDepthSnapshot(empty(), snapshot(1, bids, []), 3);
    expect(state.bidLimit).toBe(9800n);
    // Beyond the cut: unknown territory, ignored.
    state = applyDepthUpdate(state, update(2, [change('97.00', '5.0000')]));
    expect(prices(state).bids).toEqual(['100.00', '99.00', '98.00']);
    expect(needsSnapshot(state, 3)).toBe(false);
    state = applyDepthUpdate(state, update(3, [change('100.00', '0')]));
    expect(needsSnapshot(state, 3)).toBe(true);
    // The asks side held fewer levels than asked: it is complete.
    expect(state.askLimit).toBeNull();
  });
});

describe('depth book: properties', () => {
  const priceArbitrary = fc.integer({ min: 1, max: 40 }).map((units) => `${100 + units}.00`);
  const volumeArbitrary = fc
    .integer({ min: 0, max: 50_000 })
    .map((units) => `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`);
  const changesArbitrary = fc.array(fc.tuple(priceArbitrary, volumeArbitrary), { maxLength: 6 });

  it('in-sequence increments equal a model map of levels; cumulative sizes are running sums', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(changesArbitrary, changesArbitrary), { maxLength: 40 }), (steps) => {
        let state = applyDepthSnapshot(empty(), snapshot(0, [], []), 100);
        const model = { bids: new Map<string, string>(), asks: new Map<string, string>() };
        steps.forEach(([bidChanges, askChanges], index) => {
          state = applyDepthUpdate(
            state,
            update(
              index + 1,
              bidChanges.map(([price, volume]) => change(price, volume)),
              askChanges.map(([price, volume]) => change(price, volume)),
            ),
          );
          for (const [side, changes] of [
            [model.bids, bidChanges],
            [model.asks, askChanges],
          ] as const) {
            for (const [price, volume] of changes) {
              if (/^0\.0000$/.test(volume)) side.delete(price);
              else side.set(price, volume);
            }
          }
        });
        const view = depthView(state, 100);
        const sorted = (side: Map<string, string>, descending: boolean) =>
          [...side.keys()].sort((a, b) => (descending ? Number(b) - Number(a) : Number(a) - Number(b)));
        expect(view.bids.map((row) => row.price)).toEqual(sorted(model.bids, true));
        expect(view.asks.map((row) => row.price)).toEqual(sorted(model.asks, false));
        for (const rows of [view.bids, view.asks]) {
          let running = 0n;
          for (const row of rows) {
            running += BigInt(row.volume.replace('.', ''));
            expect(BigInt(row.cumulative.replace('.', ''))).toBe(running);
            expect(row.barPercent).toBeGreaterThanOrEqual(0);
            expect(row.barPercent).toBeLessThanOrEqual(100);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('any missing sequence number is detected as a gap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 1, max: 29 }), (count, missing) => {
        fc.pre(missing < count);
        let state = applyDepthSnapshot(empty(), snapshot(0, [], []), 100);
        let sawGap = false;
        for (let sequence = 1; sequence <= count; sequence += 1) {
          if (sequence === missing) continue;
          state = applyDepthUpdate(state, update(sequence));
          if (state.phase === 'resync') sawGap = true;
        }
        expect(sawGap).toBe(true);
      }),
    );
  });
});
