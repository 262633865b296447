/**
 * Trigger benchmark: 1,000,000 open contract positions (seeded: 50 products, long and short, a
 * liquidation level plus a take-profit and/or a stop-loss each, spread around each reference price),
 * then a seeded random-walk tick stream. Measures the TriggerIndex (ticks per second, time from tick to
 * its triggers per tick) and, on the same positions and the same stream, the full-scan reference
 * TriggerScan (fewer ticks: each one reads every trigger) and a per-product scan for context.
 * Every book must fire exactly what the index fired (checked by digest at the scans' last tick).
 * Prints a table and, as the last line, one JSON object: ticks_per_s, p99_us, ratio (index ticks per
 * second over the full scan's), the scans' figures and the position count.
 *
 * Overrides: TRIGGER_BENCH_POSITIONS, TRIGGER_BENCH_TICKS (index), TRIGGER_BENCH_SCAN_TICKS,
 * TRIGGER_BENCH_PRODUCT_SCAN_TICKS.
 */
import { TriggerIndex, TriggerScan, type TriggerBook } from '../../packages/domain/src/trading/index';
import { generateProducts, generateTicks, MARKET_SETTINGS } from './market';
import { REFILL_EVERY, runBook, type RunFigures } from './measure';
import { ProductScan } from './product-scan';

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const POSITIONS = setting('TRIGGER_BENCH_POSITIONS', 1_000_000);
const INDEX_TICKS = setting('TRIGGER_BENCH_TICKS', 500_000);
const SCAN_TICKS = Math.min(INDEX_TICKS, setting('TRIGGER_BENCH_SCAN_TICKS', 300));
const PRODUCT_SCAN_TICKS = Math.min(INDEX_TICKS, setting('TRIGGER_BENCH_PRODUCT_SCAN_TICKS', 3_000));
const TICK_SEED = MARKET_SETTINGS.seed + 7;

interface Contender {
  readonly name: string;
  readonly ticks: number;
  readonly create: () => TriggerBook;
}

const CONTENDERS: readonly Contender[] = [
  { name: 'index', ticks: INDEX_TICKS, create: () => new TriggerIndex() },
  { name: 'product scan', ticks: PRODUCT_SCAN_TICKS, create: () => new ProductScan() },
  { name: 'full scan', ticks: SCAN_TICKS, create: () => new TriggerScan() },
];

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const round = (value: number, digits: number) => Number(value.toFixed(digits));

function formatRow(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, index) => cell.padStart(widths[index] ?? 0)).join('  ');
}

function printTable(results: readonly RunFigures[]): void {
  const header = [
    'book',
    'ticks',
    'ticks/s',
    'p50 µs',
    'p99 µs',
    'p99.9 µs',
    'max µs',
    'fired',
    'book at end',
    'build s',
    'B/position',
  ];
  const rows = results.map((figures) => [
    figures.contender,
    integer(figures.ticks),
    integer(figures.ticksPerSecond),
    figures.p50Microseconds.toFixed(2),
    figures.p99Microseconds.toFixed(2),
    figures.p999Microseconds.toFixed(2),
    figures.maximumMicroseconds.toFixed(0),
    integer(figures.firedPositions),
    integer(figures.sizeAtEnd),
    figures.buildSeconds.toFixed(2),
    integer(figures.bookBytesPerPosition),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  console.log(formatRow(header, widths));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(formatRow(row, widths));
}

/** The index's state at `tick` must equal what another book reached at its last tick. */
function agrees(index: RunFigures, other: RunFigures): boolean {
  const mine = index.checkpoints.find((checkpoint) => checkpoint.tick === other.ticks);
  const theirs = other.checkpoints.find((checkpoint) => checkpoint.tick === other.ticks);
  return mine !== undefined && theirs !== undefined && JSON.stringify(mine) === JSON.stringify(theirs);
}

function main(): void {
  console.log(
    `trigger benchmark: ${integer(POSITIONS)} open positions over ${MARKET_SETTINGS.productCount} products, ` +
      `seed ${MARKET_SETTINGS.seed}, refills every ${REFILL_EVERY} ticks, Node ${process.version}`,
  );
  const products = generateProducts();
  const ticks = generateTicks(products, INDEX_TICKS, TICK_SEED);
  const checkpointTicks = CONTENDERS.map((contender) => contender.ticks);
  const results: RunFigures[] = [];
  for (const contender of CONTENDERS) {
    // One book at a time: the previous one is garbage before the next is built.
    results.push(
      runBook({
        name: contender.name,
        book: contender.create(),
        products,
        positions: POSITIONS,
        ticks,
        tickCount: contender.ticks,
        checkpointTicks,
        seed: MARKET_SETTINGS.seed,
      }),
    );
  }
  const [index, productScan, fullScan] = results;
  if (index === undefined || productScan === undefined || fullScan === undefined) throw new Error('a run is missing');
  printTable(results);

  const ratio = index.ticksPerSecond / fullScan.ticksPerSecond;
  const productRatio = index.ticksPerSecond / productScan.ticksPerSecond;
  const fullScanAgrees = agrees(index, fullScan);
  const productScanAgrees = agrees(index, productScan);
  console.log('');
  console.log(
    `ticks/s counts time inside takeCrossed only; refills (${integer(index.refilledPositions)} new positions for the index, ` +
      `${index.refillMicrosecondsPerPosition.toFixed(2)} µs each) and bookkeeping are outside it ` +
      `(index loop wall clock ${index.loopSeconds.toFixed(2)} s).`,
  );
  console.log(
    `${integer(index.triggersAtStart)} triggers at start; index fired ${integer(index.firedTriggers)} triggers of ` +
      `${integer(index.firedPositions)} positions, at most ${integer(index.mostTriggersInOneTick)} in one tick; ` +
      `build ${integer(POSITIONS / index.buildSeconds)} positions/s.`,
  );
  console.log(
    `index / full scan = ${ratio.toFixed(0)}x (full scan: first ${integer(SCAN_TICKS)} ticks, agrees: ${fullScanAgrees}); ` +
      `index / product scan = ${productRatio.toFixed(0)}x (first ${integer(PRODUCT_SCAN_TICKS)} ticks, agrees: ${productScanAgrees})`,
  );
  if (!fullScanAgrees || !productScanAgrees) console.log('DISAGREEMENT: the books fired different positions');

  console.log(
    JSON.stringify({
      ticks_per_s: Math.round(index.ticksPerSecond),
      p99_us: round(index.p99Microseconds, 3),
      ratio: round(ratio, 1),
      positions: POSITIONS,
      triggers: index.triggersAtStart,
      products: MARKET_SETTINGS.productCount,
      ticks: index.ticks,
      p50_us: round(index.p50Microseconds, 3),
      p999_us: round(index.p999Microseconds, 3),
      max_us: round(index.maximumMicroseconds, 1),
      fired_positions: index.firedPositions,
      refill_us_per_position: round(index.refillMicrosecondsPerPosition, 3),
      build_s: round(index.buildSeconds, 2),
      heap_mib: index.heapUsedMebibytes,
      bytes_per_position: index.bookBytesPerPosition,
      scan_bytes_per_position: fullScan.bookBytesPerPosition,
      scan_ticks: fullScan.ticks,
      scan_ticks_per_s: round(fullScan.ticksPerSecond, 1),
      scan_p99_us: round(fullScan.p99Microseconds, 1),
      scan_agrees: fullScanAgrees,
      product_scan_ticks: productScan.ticks,
      product_scan_ticks_per_s: round(productScan.ticksPerSecond, 1),
      product_scan_p99_us: round(productScan.p99Microseconds, 1),
      product_scan_ratio: round(productRatio, 1),
      product_scan_agrees: productScanAgrees,
      seed: MARKET_SETTINGS.seed,
      node: process.version,
    }),
  );
}

main();
