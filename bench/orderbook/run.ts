/**
 * Order book benchmark: one seeded stream of 1,000,000 limit orders with cancels, in two shapes, run
 * through Kestrel's engine and through nodejs-order-book in the same process.
 *   shallow: every order cancels the one placed 2,000 before it (a book of at most ~2,000 orders);
 *   deep:    every order has a 20 % chance of cancelling a random one of the previous 10,000, so the
 *            book grows to hundreds of thousands of orders over thousands of levels.
 * Prints a table and, as the last line, one JSON object with shallow_ratio and deep_ratio (Kestrel's
 * orders per second over the peer's) and the raw figures.
 * ORDERBOOK_BENCH_ORDERS overrides the order count for a quick run.
 */
import { KestrelContender, PeerContender, type BookSummary, type Contender } from './contenders';
import { runStream, type RunFigures } from './measure';
import { generateStream, STREAM_SETTINGS, type StreamShape } from './stream';

const ORDER_COUNT = Number(process.env.ORDERBOOK_BENCH_ORDERS ?? 1_000_000);
const SHAPES: readonly StreamShape[] = ['shallow', 'deep'];

interface ShapeOutcome {
  readonly kestrel: RunFigures;
  readonly peer: RunFigures;
  readonly ratio: number;
  /** Both books hold the same aggregated size at the same prices afterwards: they did the same work. */
  readonly booksAgree: boolean;
  readonly levelsAtEnd: number;
  readonly fills: number;
  readonly stateHash: string;
}

function sameSummary(a: BookSummary, b: BookSummary): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function measureShape(shape: StreamShape): ShapeOutcome {
  const stream = generateStream(shape, ORDER_COUNT);
  const kestrel = new KestrelContender(stream);
  const kestrelFigures = runStream(kestrel, stream);
  const kestrelSummary = kestrel.summary();
  const peerContender: Contender = new PeerContender(stream);
  const peerFigures = runStream(peerContender, stream);
  return {
    kestrel: kestrelFigures,
    peer: peerFigures,
    ratio: kestrelFigures.ordersPerSecond / peerFigures.ordersPerSecond,
    booksAgree: sameSummary(kestrelSummary, peerContender.summary()),
    levelsAtEnd: kestrelSummary.bids.length + kestrelSummary.asks.length,
    fills: kestrel.fillCount,
    stateHash: kestrel.stateHash(),
  };
}

function formatRow(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, index) => cell.padStart(widths[index] ?? 0)).join('  ');
}

function printTable(outcomes: ReadonlyMap<StreamShape, ShapeOutcome>): void {
  const header = ['shape', 'engine', 'orders/s', 'commands/s', 'p50 µs', 'p99 µs', 'p99.9 µs', 'seconds', 'resting'];
  const rows: string[][] = [];
  for (const [shape, outcome] of outcomes) {
    for (const figures of [outcome.kestrel, outcome.peer]) {
      rows.push([
        shape,
        figures.contender,
        Math.round(figures.ordersPerSecond).toLocaleString('en-US'),
        Math.round(figures.commandsPerSecond).toLocaleString('en-US'),
        figures.p50Microseconds.toFixed(2),
        figures.p99Microseconds.toFixed(2),
        figures.p999Microseconds.toFixed(2),
        figures.seconds.toFixed(2),
        figures.restingAtEnd.toLocaleString('en-US'),
      ]);
    }
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  console.log(formatRow(header, widths));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(formatRow(row, widths));
  console.log('');
  for (const [shape, outcome] of outcomes) {
    console.log(
      `${shape}: kestrel/peer = ${outcome.ratio.toFixed(2)}x; ${outcome.kestrel.cancels.toLocaleString('en-US')} cancels, ` +
        `${outcome.fills.toLocaleString('en-US')} fills, ${outcome.levelsAtEnd.toLocaleString('en-US')} levels at the end; ` +
        `books agree: ${outcome.booksAgree}`,
    );
  }
}

function main(): void {
  console.log(
    `order book benchmark: ${ORDER_COUNT.toLocaleString('en-US')} limit orders per shape, seed ${STREAM_SETTINGS.seed}, Node ${process.version}`,
  );
  const outcomes = new Map<StreamShape, ShapeOutcome>();
  for (const shape of SHAPES) outcomes.set(shape, measureShape(shape));
  printTable(outcomes);
  const shallow = outcomes.get('shallow');
  const deep = outcomes.get('deep');
  console.log(
    JSON.stringify({
      shallow_ratio: Number(shallow?.ratio.toFixed(3)),
      deep_ratio: Number(deep?.ratio.toFixed(3)),
      orders: ORDER_COUNT,
      seed: STREAM_SETTINGS.seed,
      node: process.version,
      shallow,
      deep,
    }),
  );
}

main();
