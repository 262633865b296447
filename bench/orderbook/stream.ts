/**
 * The benchmark's command stream, generated once from a seed and held as flat typed arrays so that
 * neither contender pays for generating it and both see exactly the same orders and cancels.
 *
 * Prices are whole ticks around a mid that random-walks by at most one tick per order; about one order
 * in ten is priced through the mid (it crosses and trades), the rest rest up to 30 ticks away, most of
 * them near the mid. Sizes are 1..10 size steps.
 */

export type StreamShape = 'shallow' | 'deep';

export interface OrderStream {
  readonly shape: StreamShape;
  readonly orderCount: number;
  /** 0 buy, 1 sell. */
  readonly sides: Uint8Array;
  readonly priceTicks: Int32Array;
  readonly sizeSteps: Int32Array;
  readonly owners: Int32Array;
  /** The index of the order that order i cancels right after it is placed, or -1. */
  readonly cancelTargets: Int32Array;
  readonly cancelCount: number;
}

/** mulberry32: a tiny, fast, well-mixed 32-bit generator; the same seed gives the same stream everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export const STREAM_SETTINGS = {
  seed: 20_260_101,
  startMidTicks: 60_000,
  lowestMidTicks: 10_000,
  highestMidTicks: 110_000,
  ownerCount: 1_000,
  /** Shallow: order i cancels order i - 2000. */
  shallowCancelLag: 2_000,
  /** Deep: order i cancels, with this chance, a random one of the previous 10,000. */
  deepCancelChance: 0.2,
  deepCancelWindow: 10_000,
  crossingChance: 0.1,
  maximumPassiveOffsetTicks: 30,
  maximumSizeSteps: 10,
} as const;

export function generateStream(
  shape: StreamShape,
  orderCount: number,
  seed: number = STREAM_SETTINGS.seed,
): OrderStream {
  const random = seededRandom(seed);
  const sides = new Uint8Array(orderCount);
  const priceTicks = new Int32Array(orderCount);
  const sizeSteps = new Int32Array(orderCount);
  const owners = new Int32Array(orderCount);
  const cancelTargets = new Int32Array(orderCount).fill(-1);
  let cancelCount = 0;
  let mid: number = STREAM_SETTINGS.startMidTicks;
  for (let index = 0; index < orderCount; index++) {
    const walk = random();
    if (walk < 1 / 3) mid -= 1;
    else if (walk > 2 / 3) mid += 1;
    mid = Math.min(STREAM_SETTINGS.highestMidTicks, Math.max(STREAM_SETTINGS.lowestMidTicks, mid));

    const side = random() < 0.5 ? 0 : 1;
    // Offset away from the mid on the order's own side; negative offsets cross it.
    const offset =
      random() < STREAM_SETTINGS.crossingChance
        ? -1 - Math.floor(random() * 5)
        : Math.floor(random() * random() * (STREAM_SETTINGS.maximumPassiveOffsetTicks + 1));
    sides[index] = side;
    priceTicks[index] = side === 0 ? mid - offset : mid + offset;
    sizeSteps[index] = 1 + Math.floor(random() * STREAM_SETTINGS.maximumSizeSteps);
    owners[index] = Math.floor(random() * STREAM_SETTINGS.ownerCount);

    if (shape === 'shallow') {
      if (index >= STREAM_SETTINGS.shallowCancelLag) {
        cancelTargets[index] = index - STREAM_SETTINGS.shallowCancelLag;
        cancelCount += 1;
      }
    } else if (index > 0 && random() < STREAM_SETTINGS.deepCancelChance) {
      const window = Math.min(index, STREAM_SETTINGS.deepCancelWindow);
      cancelTargets[index] = index - 1 - Math.floor(random() * window);
      cancelCount += 1;
    }
  }
  return { shape, orderCount, sides, priceTicks, sizeSteps, owners, cancelTargets, cancelCount };
}
