// npm run bench:idle — what a quiet server costs in storage and log (issue 12): `npm start`'s pair of
// processes (the server and the coin-to-coin market maker, scripts/start.ts) on a fresh SQLite data
// folder, nobody else connected. After a warm-up it measures, over BENCH_IDLE_SECONDS (default 120):
// - the database: bytes in use (pages in use x page size, after a WAL checkpoint), the file and its
//   WAL, and per table rows and bytes (SQLite's dbstat, each index counted with its table);
// - the log: lines and bytes on stdout and stderr, per level and message.
// Tables the server bounds itself are marked: the command log and snapshots (compacted behind the
// snapshots, features/bibi) and the market maker's Idempotency-Keys (pruned after 10 minutes). A short
// window sees them grow until their first compaction, so `unboundedBytesPerHour` leaves them out.
// Prints a table, then one JSON line.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../../apps/server/src/features/bibi/restart-support';

const WINDOW_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 120);
const WARMUP_SECONDS = Number(process.env.BENCH_IDLE_WARMUP_SECONDS ?? 30);
const START_WAIT_MS_MAX = 120_000;
const HOUR_MS = 3_600_000;
/** Bounded by the server itself (see the header). */
const BOUNDED_TABLES = new Set(['bibi_command', 'bibi_snapshot', 'idempotency_record']);
const MARKET_MAKER_ACCOUNT = 'market-maker@kestrel.local';
/** Error lines kept to show. */
const ERROR_SAMPLES_MAX = 3;

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

interface DatabaseFigures {
  time: number;
  usedBytes: number;
  fileBytes: number;
  walBytes: number;
  tables: Map<string, { rows: number; bytes: number }>;
  /** Idempotency records of anyone but the market maker: at idle there should be none. */
  otherKeys: number;
}

function measureDatabase(file: string): DatabaseFigures {
  const db = new Database(file, { fileMustExist: true });
  try {
    // PASSIVE: never waits for the server's connections; what it cannot copy yet stays counted in the WAL.
    db.pragma('wal_checkpoint(PASSIVE)');
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const pages = Number(db.pragma('page_count', { simple: true }));
    const free = Number(db.pragma('freelist_count', { simple: true }));
    const owners = new Map(
      db
        .prepare("select name, tbl_name from sqlite_master where type in ('table', 'index')")
        .all()
        .map((row) => {
          const { name, tbl_name: table } = row as { name: string; tbl_name: string };
          return [name, table] as const;
        }),
    );
    const tables = new Map<string, { rows: number; bytes: number }>();
    for (const [name, table] of owners)
      if (name === table && !name.startsWith('sqlite_')) tables.set(name, { rows: 0, bytes: 0 });
    for (const [table, figure] of tables)
      figure.rows = Number((db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n);
    try {
      for (const row of db.prepare('select name, sum(pgsize) as bytes from dbstat group by name').all()) {
        const { name, bytes } = row as { name: string; bytes: number };
        const figure = tables.get(owners.get(name) ?? name);
        if (figure) figure.bytes += Number(bytes);
      }
    } catch {
      // A SQLite without dbstat: rows only.
    }
    const marketMaker = db.prepare('select id from user_account where user_account = ?').get(MARKET_MAKER_ACCOUNT) as
      { id: number } | undefined;
    const otherKeys = Number(
      (
        db.prepare('select count(*) as n from idempotency_record where user_id <> ?').get(marketMaker?.id ?? -1) as {
          n: number;
        }
      ).n,
    );
    return {
      time: Date.now(),
      usedBytes: (pages - free) * pageSize,
      fileBytes: statSync(file).size,
      walBytes: existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0,
      tables,
      otherKeys,
    };
  } finally {
    db.close();
  }
}

/** Counts what the processes print, line by line, per level and message. */
class LogCounter {
  lines = 0;
  bytes = 0;
  readonly byKind = new Map<string, number>();
  /** The first error lines, shown with the results: an idle server should have none. */
  readonly errors: string[] = [];
  private partial = '';

  take(chunk: Buffer): void {
    this.bytes += chunk.length;
    const text = this.partial + chunk.toString('utf8');
    const lines = text.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      this.lines += 1;
      const kind = kindOf(line);
      this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
      if (kind.startsWith('error') && this.errors.length < ERROR_SAMPLES_MAX) this.errors.push(line.slice(0, 600));
    }
  }

  snapshot(): { lines: number; bytes: number; byKind: Map<string, number> } {
    return { lines: this.lines, bytes: this.bytes, byKind: new Map(this.byKind) };
  }
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

function kindOf(line: string): string {
  try {
    const parsed = JSON.parse(line) as { level?: number; msg?: string; source?: string };
    const level =
      parsed.level === undefined ? (parsed.source ?? 'other') : (LEVELS[parsed.level] ?? String(parsed.level));
    return `${level}: ${(parsed.msg ?? '').slice(0, 60)}`;
  } catch {
    return `text: ${line.slice(0, 60)}`;
  }
}

const dataDirectory = mkdtempSync(path.join(tmpdir(), 'kestrel-idle-bench-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/start.ts'], {
  cwd: repositoryRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    KESTREL_DATA_DIR: dataDirectory,
    KESTREL_WEB_DIST: path.join(dataDirectory, 'no-web'),
    KESTREL_ADMIN_DIST: path.join(dataDirectory, 'no-admin'),
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const log = new LogCounter();
child.stdout.on('data', (chunk: Buffer) => log.take(chunk));
child.stderr.on('data', (chunk: Buffer) => log.take(chunk));
const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

let before: DatabaseFigures;
let after: DatabaseFigures;
let logBefore: ReturnType<LogCounter['snapshot']>;
let logAfter: ReturnType<LogCounter['snapshot']>;
try {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() - started > START_WAIT_MS_MAX) throw new Error('the server did not start in time');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  // The market maker starts after the health check answers and places its first quotes: not idle yet.
  await sleep(WARMUP_SECONDS * 1000);
  const file = path.join(dataDirectory, 'kestrel.sqlite');
  before = measureDatabase(file);
  logBefore = log.snapshot();
  await sleep(WINDOW_SECONDS * 1000);
  after = measureDatabase(file);
  logAfter = log.snapshot();
} finally {
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDirectory, { recursive: true, force: true });
}

const perHour = (value: number) => Math.round((value * HOUR_MS) / (after.time - before.time));
const grew: { table: string; rowsPerHour: number; bytesPerHour: number; rows: number; bounded: boolean }[] = [];
for (const [table, end] of after.tables) {
  const start = before.tables.get(table) ?? { rows: 0, bytes: 0 };
  if (end.rows === start.rows && end.bytes === start.bytes) continue;
  grew.push({
    table,
    rowsPerHour: perHour(end.rows - start.rows),
    bytesPerHour: perHour(end.bytes - start.bytes),
    rows: end.rows,
    bounded: BOUNDED_TABLES.has(table) && (table !== 'idempotency_record' || after.otherKeys === before.otherKeys),
  });
}
grew.sort((left, right) => right.bytesPerHour - left.bytesPerHour);
const bytesPerHour = perHour(after.usedBytes - before.usedBytes);
const boundedBytesPerHour = grew.filter((row) => row.bounded).reduce((sum, row) => sum + row.bytesPerHour, 0);
const logLinesPerHour = perHour(logAfter.lines - logBefore.lines);
const logBytesPerHour = perHour(logAfter.bytes - logBefore.bytes);
const logKinds = [...logAfter.byKind]
  .map(([kind, count]) => ({ kind, perHour: perHour(count - (logBefore.byKind.get(kind) ?? 0)) }))
  .filter((row) => row.perHour > 0)
  .sort((left, right) => right.perHour - left.perHour);

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(2);
console.log(
  `\nIdle server (server + market maker, SQLite): ${WINDOW_SECONDS} s after ${WARMUP_SECONDS} s warm-up ` +
    `(${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}), per hour\n`,
);
console.log('table                        rows/h     bytes/h    rows now   bounded');
for (const row of grew)
  console.log(
    `${row.table.padEnd(24)} ${String(row.rowsPerHour).padStart(10)} ${String(row.bytesPerHour).padStart(11)} ${String(row.rows).padStart(11)}   ${row.bounded ? 'yes' : 'no'}`,
  );
console.log(
  `\ndatabase in use ${megabytes(bytesPerHour)} MB/h (${megabytes(bytesPerHour - boundedBytesPerHour)} MB/h outside ` +
    `the bounded tables); file ${megabytes(after.fileBytes)} MB, WAL ${megabytes(after.walBytes)} MB now`,
);
console.log(
  `log ${logLinesPerHour} lines/h (${Math.round(logLinesPerHour / 60)} a minute), ${megabytes(logBytesPerHour)} MB/h`,
);
for (const row of logKinds.slice(0, 8)) console.log(`  ${String(row.perHour).padStart(8)}/h  ${row.kind}`);
for (const line of log.errors) console.log(`  error line: ${line}`);
console.log(
  JSON.stringify({
    bench: 'idle',
    windowSeconds: WINDOW_SECONDS,
    bytesPerHour,
    unboundedBytesPerHour: bytesPerHour - boundedBytesPerHour,
    fileBytes: after.fileBytes,
    walBytes: after.walBytes,
    logLinesPerHour,
    logBytesPerHour,
    tables: Object.fromEntries(
      grew.map((row) => [
        row.table,
        { rowsPerHour: row.rowsPerHour, bytesPerHour: row.bytesPerHour, bounded: row.bounded },
      ]),
    ),
  }),
);
