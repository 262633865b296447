/**
 * Measures the engine's price-level structure (an AVL tree, packages/domain/src/orderbook/book-side.ts)
 * against a sorted array with binary search (sorted-array-side.ts) as books get deeper.
 *   random:   drop a random level and add a level at a random new price (a deep book being reshaped);
 *   near top: the same within the 20 best prices (what most order flow does).
 * Run with: cd bench && npx tsx orderbook/levels.ts   (about 20 seconds; not part of bench:orderbook)
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
  return levels >= 100_000 ? 2_000 : 50_000;
}

/** Microseconds per (remove one level + add one level). */
function measure(create: () => LevelStructure, levels: number, nearTop: boolean): number {
  const random = seededRandom(levels);
  const side = create();
  const span = levels * 4;
  const prices: number[] = [];
  const present = new Set<number>();
  // Bids: prices 1..span, the best at the top; "near top" works within the highest prices.
  for (let added = 0; added < levels * 10 && prices.length < levels; added++) {
    const price = 1 + Math.floor(random() * span);
    if (present.has(price)) continue;
    present.add(price);
    prices.push(price);
    side.levelFor(BigInt(price));
  }
  prices.sort((a, b) => a - b);
  const operations = operationsFor(levels);
  const started = process.hrtime.bigint();
  for (let operation = 0; operation < operations; operation++) {
    const slot = nearTop
      ? prices.length - 1 - Math.floor(random() * NEAR_TOP_LEVELS)
      : Math.floor(random() * prices.length);
    const old = prices[slot] ?? 1;
    side.removeLevel(side.levelFor(BigInt(old)) as never);
    present.delete(old);
    let price = old;
    for (let attempt = 0; attempt < 100 && present.has(price); attempt++) {
      price = nearTop ? span + 1 - Math.floor(random() * NEAR_TOP_LEVELS * 2) : 1 + Math.floor(random() * span);
    }
    if (present.has(price)) price = old;
    present.add(price);
    prices[slot] = price;
    side.levelFor(BigInt(price));
  }
  return Number(process.hrtime.bigint() - started) / operations / 1000;
}

const structures: [string, () => LevelStructure][] = [
  ['AVL tree (engine)', () => new BookSide('buy')],
  ['sorted array', () => new SortedArrayBookSide('buy')],
];

const rows: string[] = [];
const figures: Record<string, number> = {};
for (const levels of LEVEL_COUNTS) {
  for (const [name, create] of structures) {
    const random = measure(create, levels, false);
    const nearTop = measure(create, levels, true);
    figures[`${name} ${levels} random`] = random;
    figures[`${name} ${levels} near_top`] = nearTop;
    rows.push(
      `${levels.toLocaleString('en-US').padStart(9)}  ${name.padEnd(18)}  ${random.toFixed(2).padStart(9)}  ${nearTop.toFixed(2).padStart(9)}`,
    );
  }
}
console.log('   levels  structure              random µs  near top µs   (per remove + add)');
for (const row of rows) console.log(row);
console.log(JSON.stringify(figures));
