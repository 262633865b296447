import { BookSide } from '../../packages/domain/src/orderbook/book-side';
import { seededRandom } from './stream';
for (const levels of [1_000, 10_000, 100_000, 1_000_000]) {
  const random = seededRandom(1);
  const side = new BookSide('buy');
  const span = levels * 4;
  const present: bigint[] = [];
  const seen = new Set<number>();
  while (present.length < levels) { const p = 1 + Math.floor(random() * span); if (!seen.has(p)) { seen.add(p); present.push(BigInt(p)); side.levelFor(BigInt(p)); } }
  const ops = 200_000;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ops; i++) {
    // remove a random present level, add a random new one
    const k = Math.floor(random() * present.length);
    const price = present[k]!;
    side.removeLevel(side.levelFor(price));
    let p = 0; do { p = 1 + Math.floor(random() * span); } while (seen.has(p));
    seen.delete(Number(price)); seen.add(p); present[k] = BigInt(p); side.levelFor(BigInt(p));
  }
  const ns = Number(process.hrtime.bigint() - t0) / ops;
  console.log(levels, 'levels:', (ns / 1000).toFixed(2), 'µs per remove+insert at random prices');
}
