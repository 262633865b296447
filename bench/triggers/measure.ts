/**
 * Runs one trigger book through the benchmark: build the open positions, then feed it the tick stream,
 * timing every takeCrossed with process.hrtime.bigint(). Fired positions are replaced by new ones
 * around the current price every REFILL_EVERY ticks (outside the timed calls), so the book stays near
 * its starting size. Every book sees exactly the same positions and ticks, and as long as they fire
 * the same positions they get the same refills; a digest of everything fired proves they did.
 */
import type { Trigger, TriggerBook } from '../../packages/domain/src/trading/index';
import { seededRandom } from '../orderbook/stream';
import { PositionFactory, type Product, type TickStream } from './market';

export const REFILL_EVERY = 64;

export interface Checkpoint {
  readonly tick: number;
  /** FNV-1a over (tick, positionId, kind) of every trigger fired so far, as 8 hex digits. */
  readonly digest: string;
  readonly size: number;
  readonly firedPositions: number;
}

export interface RunFigures {
  readonly contender: string;
  readonly positions: number;
  readonly triggersAtStart: number;
  /** Time inside setPosition while building the starting book. */
  readonly buildSeconds: number;
  readonly ticks: number;
  /** Time inside takeCrossed only, summed over the ticks. */
  readonly tickSeconds: number;
  readonly ticksPerSecond: number;
  /** Wall clock of the whole tick loop, refills and bookkeeping included. */
  readonly loopSeconds: number;
  readonly p50Microseconds: number;
  readonly p99Microseconds: number;
  readonly p999Microseconds: number;
  readonly maximumMicroseconds: number;
  readonly firedPositions: number;
  readonly firedTriggers: number;
  readonly mostTriggersInOneTick: number;
  readonly refilledPositions: number;
  readonly refillMicrosecondsPerPosition: number;
  readonly sizeAtEnd: number;
  /** Heap and array buffers in use after building (after a full collection when the run exposes gc). */
  readonly heapUsedMebibytes: number;
  /** Heap the built book added, per position (meaningful only with gc exposed). */
  readonly bookBytesPerPosition: number;
  readonly residentMebibytes: number;
  readonly checkpoints: readonly Checkpoint[];
}

export interface RunInput {
  readonly name: string;
  readonly book: TriggerBook;
  readonly products: readonly Product[];
  readonly positions: number;
  readonly ticks: TickStream;
  readonly tickCount: number;
  readonly checkpointTicks: readonly number[];
  readonly seed: number;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function mix(hash: number, value: number): number {
  let mixed = hash;
  for (let shift = 0; shift < 32; shift += 8) mixed = Math.imul(mixed ^ ((value >>> shift) & 0xff), FNV_PRIME);
  return mixed >>> 0;
}

function kindCode(kind: string): number {
  return kind === 'liquidation' ? 0 : kind === 'stop_loss' ? 1 : 2;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

const mebibytes = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * A full collection when the run exposes it (`tsx --expose-gc`, as the npm script does), so that each
 * book starts without the previous one's garbage and its heap figure is what it really holds.
 */
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc === 'function') gc();
}

/**
 * Builds `positions` open positions, product chosen uniformly, levels around each reference price;
 * returns the seconds spent inside setPosition (making the test data is not counted).
 */
function build(
  book: TriggerBook,
  factory: PositionFactory,
  products: readonly Product[],
  positions: number,
  seed: number,
): number {
  const pick = seededRandom(seed + 1);
  let nanoseconds = 0n;
  for (let index = 0; index < positions; index++) {
    const product = products[Math.floor(pick() * products.length)];
    if (product === undefined) throw new Error('product index out of range');
    const triggers = factory.create(product, product.referencePrice);
    const positionId = triggers[0]?.positionId;
    if (positionId === undefined) throw new Error('a position without triggers');
    const before = process.hrtime.bigint();
    book.setPosition(positionId, triggers);
    nanoseconds += process.hrtime.bigint() - before;
  }
  return Number(nanoseconds) / 1e9;
}

export function runBook(input: RunInput): RunFigures {
  const { book, products, ticks } = input;
  if (input.tickCount > ticks.count) throw new Error('more ticks asked for than the stream holds');
  const factory = new PositionFactory(input.seed);

  collectGarbage();
  const before = process.memoryUsage();
  // Typed arrays (the index's node pool) live outside the JavaScript heap: count both.
  const heapBefore = before.heapUsed + before.arrayBuffers;
  const buildSeconds = build(book, factory, products, input.positions, input.seed);
  const triggersAtStart = book.size;
  collectGarbage();
  const memory = process.memoryUsage();

  const currentPrices = products.map((product) => product.referencePrice);
  const codes = products.map((product) => product.code);
  const latencies = new Float64Array(input.tickCount);
  const checkpointAt = new Set(input.checkpointTicks);
  const checkpoints: Checkpoint[] = [];
  /** Product index of every position fired since the last refill; at most REFILL_EVERY ticks' worth. */
  let pendingRefills: number[] = [];
  let digest = FNV_OFFSET;
  let firedPositions = 0;
  let firedTriggers = 0;
  let mostTriggersInOneTick = 0;
  let refilledPositions = 0;
  let refillNanoseconds = 0n;

  const loopStarted = process.hrtime.bigint();
  for (let tick = 0; tick < input.tickCount; tick++) {
    const productIndex = ticks.products[tick] ?? 0;
    const price = ticks.prices[tick] ?? 0n;
    const productCode = codes[productIndex] ?? '';
    const before = process.hrtime.bigint();
    const crossed = book.takeCrossed(productCode, price);
    latencies[tick] = Number(process.hrtime.bigint() - before);
    currentPrices[productIndex] = Number(price);

    if (crossed.length > 0) {
      firedTriggers += crossed.length;
      if (crossed.length > mostTriggersInOneTick) mostTriggersInOneTick = crossed.length;
      let previousPositionId = -1;
      for (const trigger of crossed) {
        digest = mix(mix(mix(digest, tick), trigger.positionId), kindCode(trigger.kind));
        if (trigger.positionId !== previousPositionId) {
          firedPositions += 1;
          pendingRefills.push(productIndex);
          previousPositionId = trigger.positionId;
        }
      }
    }

    if ((tick + 1) % REFILL_EVERY === 0 && pendingRefills.length > 0) {
      const refills: Trigger[][] = [];
      for (const refillProduct of pendingRefills) {
        const product = products[refillProduct];
        if (product !== undefined)
          refills.push(factory.create(product, currentPrices[refillProduct] ?? product.referencePrice));
      }
      const refillStarted = process.hrtime.bigint();
      for (const triggers of refills) book.setPosition(triggers[0]?.positionId ?? 0, triggers);
      refillNanoseconds += process.hrtime.bigint() - refillStarted;
      refilledPositions += pendingRefills.length;
      pendingRefills = [];
    }

    if (checkpointAt.has(tick + 1)) {
      checkpoints.push({
        tick: tick + 1,
        digest: digest.toString(16).padStart(8, '0'),
        size: book.size,
        firedPositions,
      });
    }
  }
  const loopSeconds = Number(process.hrtime.bigint() - loopStarted) / 1e9;

  let tickNanoseconds = 0;
  for (const latency of latencies) tickNanoseconds += latency;
  const sorted = latencies.slice().sort();
  const tickSeconds = tickNanoseconds / 1e9;
  return {
    contender: input.name,
    positions: input.positions,
    triggersAtStart,
    buildSeconds,
    ticks: input.tickCount,
    tickSeconds,
    ticksPerSecond: input.tickCount / tickSeconds,
    loopSeconds,
    p50Microseconds: percentile(sorted, 0.5) / 1000,
    p99Microseconds: percentile(sorted, 0.99) / 1000,
    p999Microseconds: percentile(sorted, 0.999) / 1000,
    maximumMicroseconds: (sorted[sorted.length - 1] ?? 0) / 1000,
    firedPositions,
    firedTriggers,
    mostTriggersInOneTick,
    refilledPositions,
    refillMicrosecondsPerPosition: refilledPositions === 0 ? 0 : Number(refillNanoseconds) / 1000 / refilledPositions,
    sizeAtEnd: book.size,
    heapUsedMebibytes: mebibytes(memory.heapUsed + memory.arrayBuffers),
    bookBytesPerPosition: Math.round((memory.heapUsed + memory.arrayBuffers - heapBefore) / input.positions),
    residentMebibytes: mebibytes(memory.rss),
    checkpoints,
  };
}
