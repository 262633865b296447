/**
 * The trigger engine's hand-over edges, without a database: the repository reads are replaced so a
 * test can act in the middle of them (issue 18's kill test lost positions exactly there).
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { MarketFeed, Tick } from '@kestrel/market';
import { RefusedError } from '../../core/errors';
import type { WriterLocks } from '../../core/writer-locks';
import type { Database } from '../../db/schema';
import type { ClosingTick } from './position-close';
import type { PositionRecord } from './position-repository';
import { TradeQueue } from './trade-queue';
import { TriggerEngine, TRIGGER_RECHECK_MS } from './trigger-engine';

/** What the next page read does before it answers (a test's foot in the door). */
let duringRead: () => void = () => undefined;
let storedPositions: PositionRecord[] = [];

vi.mock('./position-repository', async (importOriginal) => {
  const original = await importOriginal<typeof import('./position-repository')>();
  const page = async (afterId: number) => {
    duringRead();
    duringRead = () => undefined;
    return storedPositions.filter((position) => position.id > afterId);
  };
  return {
    ...original,
    openPositionsPage: (_db: unknown, afterId: number) => page(afterId),
    openPositionsOfProductPage: (_db: unknown, _code: string, afterId: number) => page(afterId),
    openPositionsSetSince: async () => [],
  };
});

const PRODUCT = 'X:BTCUSD';
const START_MS = 1_800_000_000_000;

function position(id: number, overrides: Partial<PositionRecord> = {}): PositionRecord {
  return {
    id,
    userId: 1,
    book: 'real',
    productCode: PRODUCT,
    productType: 2,
    currencyId: 3,
    moneyScale: 8,
    priceScale: 2,
    quantityScale: 8,
    contractSize: '1',
    direction: 0,
    leverage: 10,
    quantity: 1n,
    openPrice: 10_000_00n,
    notional: 10_000_00n,
    margin: 1_000_00n,
    openFeeRate: '0',
    openFee: 0n,
    stopProfit: 10_100_00n,
    stopLoss: 9_900_00n,
    liquidationMethod: 0,
    liquidationRatio: '0',
    lossLimit: 0n,
    liquidationPrice: null,
    openTickId: `${PRODUCT}#1@${START_MS}`,
    openTickSource: 'simulator',
    openEntryId: null,
    openTime: START_MS,
    closableTime: START_MS,
    levelsSetAt: START_MS,
    status: 0,
    closePrice: null,
    closeFeeRate: null,
    closeFee: null,
    closeTickId: null,
    closeTickSource: null,
    closeReason: null,
    closeEntryId: null,
    closeTime: null,
    realizedPnl: null,
    settled: null,
    ...overrides,
  };
}

/** A position whose levels no tick of these tests reaches. */
function farAway(id: number): PositionRecord {
  return position(id, { stopProfit: 20_000_00n, stopLoss: 5_000_00n });
}

function tick(seq: number, price: bigint): Tick {
  return { productCode: PRODUCT, price, quantity: 1n, time: START_MS + seq * 1_000, source: 'simulator', seq };
}

/** A feed that keeps the ticks a test gives it. */
function fakeMarket(ticks: Tick[]): MarketFeed {
  return {
    source: 'simulator',
    simulated: true,
    instruments: [{ productCode: PRODUCT }] as unknown as MarketFeed['instruments'],
    start: () => undefined,
    stop: () => undefined,
    onTick: () => () => undefined,
    lastTick: () => ticks.at(-1),
    ticksAfter: (_code, afterTimeMs) => ticks.filter((each) => each.time > afterTimeMs),
    candles: () => [],
    tickerInfo: () => undefined,
    changeRateBasisPoints: () => undefined,
  };
}

const everyLockFree: WriterLocks = {
  tryLock: async () => true,
  tryLockEach: async (productCodes) => [...productCodes],
  close: async () => undefined,
};

describe('the trigger engine at a hand-over', () => {
  let closes: { positionId: number; tickId: string }[];
  /** The positions of each call of the close, in order: one call is one transaction. */
  let closeCalls: number[][];
  let failuresLeft: number;

  beforeEach(() => {
    closes = [];
    closeCalls = [];
    failuresLeft = 0;
    storedPositions = [];
    duringRead = () => undefined;
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function engineOver(ticks: Tick[], queue = new TradeQueue()) {
    const close = async (firings: readonly { positionId: number; tick: ClosingTick }[]) => {
      closeCalls.push(firings.map((firing) => firing.positionId));
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('connection terminated unexpectedly');
      }
      for (const { positionId, tick: closingTick } of firings) closes.push({ positionId, tickId: closingTick.tickId });
      return firings.map((firing) => firing.positionId);
    };
    const engine = new TriggerEngine(
      fakeMarket(ticks),
      queue,
      close,
      async (positionId) => storedPositions.find((each) => each.id === positionId),
      pino({ level: 'silent' }),
      everyLockFree,
      {} as Kysely<Database>,
      () => START_MS,
    );
    return { engine, queue };
  }

  it('guards a position whose news arrives while its product is being read, instead of dropping it', async () => {
    const { engine } = engineOver([tick(1, 10_000_00n)]);
    storedPositions = [position(1)];
    // Position 2 was committed elsewhere after the read began: only its news brings it.
    duringRead = () => engine.follow(position(2));
    await engine.rebuild();
    expect(engine.index.triggersOf(1)).toHaveLength(2);
    expect(engine.index.triggersOf(2)).toHaveLength(2);
  });

  it('closes such a position at the kept tick that crossed its level while it was on its way', async () => {
    const ticks = [tick(1, 10_000_00n), tick(2, 10_150_00n), tick(3, 10_000_00n)];
    const { engine, queue } = engineOver(ticks);
    duringRead = () => engine.follow(position(7));
    await engine.rebuild();
    await queue.drain();
    // Tick 2 crossed the take-profit after the levels were set (START_MS): the close records tick 2,
    // although the price had come back by the time the guard started.
    expect(closes).toEqual([{ positionId: 7, tickId: `${PRODUCT}#2@${START_MS + 2_000}` }]);
  });

  it('without the news, the sweep finds a position missing from the index and follows it', async () => {
    const ticks = [tick(1, 10_000_00n), tick(2, 9_850_00n)];
    const { engine, queue } = engineOver(ticks);
    await engine.rebuild();
    storedPositions = [position(9)];
    engine.start();
    await vi.advanceTimersByTimeAsync(TRIGGER_RECHECK_MS);
    await queue.drain();
    engine.stop();
    expect(closes).toEqual([{ positionId: 9, tickId: `${PRODUCT}#2@${START_MS + 2_000}` }]);
  });

  it('replaying, keeps every level of a position whose other level a tick before it crossed', async () => {
    // Tick 2 (before the position existed) is below its stop-loss; tick 4 (after) is above its take-profit.
    const ticks = [
      tick(1, 10_000_00n),
      tick(2, 9_800_00n),
      tick(3, 10_000_00n),
      tick(4, 10_150_00n),
      tick(5, 10_000_00n),
    ];
    const { engine, queue } = engineOver(ticks);
    // An older position far from the price makes the replay start before position 5 existed.
    storedPositions = [farAway(1), position(5, { levelsSetAt: START_MS + 3_000 })];
    await engine.rebuild();
    await queue.drain();
    expect(closes).toEqual([{ positionId: 5, tickId: `${PRODUCT}#4@${START_MS + 4_000}` }]);
  });

  it('replaying, holds a level back from ticks before the position and still has all of them afterwards', async () => {
    const ticks = [tick(1, 10_000_00n), tick(2, 9_800_00n), tick(3, 10_000_00n)];
    const { engine, queue } = engineOver(ticks);
    storedPositions = [farAway(1), position(6, { levelsSetAt: START_MS + 3_000 })];
    await engine.rebuild();
    await queue.drain();
    expect(closes).toEqual([]);
    expect(
      engine.index
        .triggersOf(6)
        .map((trigger) => trigger.kind)
        .sort(),
    ).toEqual(['stop_loss', 'take_profit']);
  });

  it('does not fire on a tick of its own lagging market from before the levels were set', async () => {
    // Another process opened the position at tick 3; this process's market is still at tick 2.
    const ticks = [tick(1, 10_000_00n), tick(2, 9_800_00n)];
    const { engine, queue } = engineOver(ticks);
    await engine.rebuild();
    engine.follow(position(8, { levelsSetAt: START_MS + 3_000 }));
    engine.onTick(tick(2, 9_800_00n));
    await queue.drain();
    expect(closes).toEqual([]);
    engine.onTick(tick(4, 9_850_00n));
    await queue.drain();
    expect(closes).toEqual([{ positionId: 8, tickId: `${PRODUCT}#4@${START_MS + 4_000}` }]);
  });

  it('tries a failed close again at the same tick, and stops once it succeeds', async () => {
    const ticks = [tick(1, 10_000_00n), tick(2, 10_200_00n), tick(3, 10_000_00n)];
    const { engine, queue } = engineOver(ticks);
    storedPositions = [position(3)];
    failuresLeft = 2;
    await engine.rebuild();
    await vi.advanceTimersByTimeAsync(5_000);
    await queue.drain();
    expect(closes).toEqual([{ positionId: 3, tickId: `${PRODUCT}#2@${START_MS + 2_000}` }]);
    expect(failuresLeft).toBe(0);
  });

  it('closes every position one tick crossed in one call (one transaction), not one call each', async () => {
    const ticks = [tick(1, 10_000_00n), tick(2, 10_200_00n)];
    const { engine, queue } = engineOver(ticks);
    storedPositions = [position(11), position(12), position(13), farAway(14)];
    await engine.rebuild();
    await queue.drain();
    expect(closeCalls).toEqual([[11, 12, 13]]);
    expect(closes.map((close) => close.tickId)).toEqual(Array(3).fill(`${PRODUCT}#2@${START_MS + 2_000}`));
    expect(engine.index.triggersOf(14)).toHaveLength(2);
  });

  it('closes the positions of a failed batch one by one, each at the tick that crossed it', async () => {
    const ticks = [tick(1, 10_000_00n), tick(2, 10_200_00n)];
    const { engine, queue } = engineOver(ticks);
    storedPositions = [position(21), position(22)];
    failuresLeft = 1;
    await engine.rebuild();
    await queue.drain();
    expect(closeCalls).toEqual([[21, 22], [21], [22]]);
    expect(closes).toEqual([
      { positionId: 21, tickId: `${PRODUCT}#2@${START_MS + 2_000}` },
      { positionId: 22, tickId: `${PRODUCT}#2@${START_MS + 2_000}` },
    ]);
  });

  it('does not try again a close the rules refused, and puts the levels back for a later crossing', async () => {
    const ticks = [tick(1, 10_000_00n), tick(2, 10_200_00n)];
    const queue = new TradeQueue();
    const refusals: number[] = [];
    const engine = new TriggerEngine(
      fakeMarket(ticks),
      queue,
      async (firings) => {
        refusals.push(...firings.map((firing) => firing.positionId));
        throw new RefusedError('error.account_halted');
      },
      async (positionId) => storedPositions.find((each) => each.id === positionId),
      pino({ level: 'silent' }),
      everyLockFree,
      {} as Kysely<Database>,
      () => START_MS,
    );
    storedPositions = [position(4)];
    await engine.rebuild();
    await vi.advanceTimersByTimeAsync(5_000);
    await queue.drain();
    expect(refusals).toEqual([4]);
    expect(engine.index.triggersOf(4)).toHaveLength(2);
  });
});
