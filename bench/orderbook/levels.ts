/**
 * Measures the engine's price-level structure (an AVL tree, packages/domain/src/orderbook/book-side.ts)
 * against a sorted array with binary search (sorted-array-side.ts) as books get deeper.
 *   random:   drop a random level and add a level at a random new price (a deep book being reshaped);
 *   near top: the same within the 20 best prices (what most order flow does).
 * Run with: cd bench && npx tsx orderbook/levels.ts   (about a minute; not part of bench:orderbook)
 */
import { BookSide } from '../../packages/domain/src/orderbook/book-side';
import { SortedArrayBookSide } from './sorted-array-side';
import { seededRandom } from './stream';

interface LevelStructure {
  levelFor(price: bigint): unknown;
  removeLevel(level: never): void;
}

const LEVEL_COUNTS = [1_000, 10_000, 100_000, 1_000_000];
const NEAR_TOP_LEVELS = 20;

function operationsFor(levels: number): number {
  if (levels >= 1_000_000) return 500;
  return levels >= 100_000 ? 2_000 : 20_000;
}

interface Workload {
  readonly initial: readonly bigint[];
  readonly removals: readonly bigint[];
  readonly additions: readonly bigint[];
}

/**
 * The levels to start with (ascending: each a new best, an O(1) push for the array, so building the
 * book is not what is measured) and the remove/add pairs, all made before the clock starts.
 */
function workload(levels: number, nearTop: boolean): Workload {
  const random = seededRandom(levels);
  const span = levels * 4;
  const present = new Set<number>();
  const prices: number[] = [];
  for (let attempt = 0; attempt < levels * 10 && prices.length < levels; attempt++) {
    const price = 1 + Math.floor(random() * span);
    if (present.has(price)) continue;
    present.add(price);
    prices.push(price);
  }
  prices.sort((a, b) => a - b);
  const initial = prices.map((price) => BigInt(price));
  const removals: bigint[] = [];
  const additions: bigint[] = [];
  let top = span;
  for (let operation = 0; operation < operationsFor(levels); operation++) {
    // Bids: the best prices are the highest; "near top" replaces one of the 20 best with a new best.
    const slot = nearTop
      ? prices.length - 1 - Math.floor(random() * NEAR_TOP_LEVELS)
      : Math.floor(random() * prices.length);
    const old = prices[slot] ?? 1;
    present.delete(old);
    let price = nearTop ? ++top : 1 + Math.floor(random() * span);
    for (let attempt = 0; attempt < 100 && present.has(price); attempt++) price = 1 + Math.floor(random() * span);
    present.add(price);
    prices[slot] = price;
    if (nearTop) prices.sort((a, b) => a - b);
    removals.push(BigInt(old));
    additions.push(BigInt(price));
  }
  return { initial, removals, additions };
}

/** Microseconds per (find and remove one level + add one level). */
function measure(create: () => LevelStructure, work: Workload): number {
  const side = create();
  for (const price of work.initial) side.levelFor(price);
  const started = process.hrtime.bigint();
  for (let operation = 0; operation < work.removals.length; operation++) {
    side.removeLevel(side.levelFor(work.removals[operation] ?? 1n) as never);
    side.levelFor(work.additions[operation] ?? 1n);
  }
  return Number(process.hrtime.bigint() - started) / work.removals.length / 1000;
}

const structures: [string, () => LevelStructure][] = [
  ['AVL tree (engine)', () => new BookSide('buy')],
  ['sorted array', () => new SortedArrayBookSide('buy')],
];

const rows: string[] = [];
const figures: Record<string, number> = {};
for (const levels of LEVEL_COUNTS) {
  const randomWork = workload(levels, false);
  const nearTopWork = workload(levels, true);
  for (const [name, create] of structures) {
    const random = measure(create, randomWork);
    const nearTop = measure(create, nearTopWork);
    figures[`${name} ${levels} random`] = random;
    figures[`${name} ${levels} near_top`] = nearTop;
    rows.push(
      `${levels.toLocaleString('en-US').padStart(9)}  ${name.padEnd(18)}  ${random.toFixed(2).padStart(9)}  ${nearTop.toFixed(2).padStart(11)}`,
    );
  }
}
console.log('   levels  structure              random µs  near top µs   (per remove + add)');
for (const row of rows) console.log(row);
console.log(JSON.stringify(figures));
