// npm run bench:ledger — durable ledger transfers per second on SQLite and PostgreSQL.
// Each transfer is the server's own postEntry (hash chain, conditional balance updates, postings)
// between two customer accounts. 8 concurrent clients; three modes: "single" commits every entry on
// its own, "grouped" commits a batch of entries per transaction, "batched" does too inside an entry
// batch (ledger/entry-batch.ts: the entries written together at the end, as the coin-to-coin and
// trigger-close batches write theirs). Three rounds each; medians reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { EntryDraft } from '@kestrel/domain';
import { openDatabase, type DatabaseHandle, type DialectName } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Database } from '../../apps/server/src/db/schema';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from '../../apps/server/src/features/ledger/accounts';
import { postEntry } from '../../apps/server/src/features/ledger/post-entry';
import { withEntryBatch } from '../../apps/server/src/features/ledger/entry-batch';
import { reconcile } from '../../apps/server/src/features/ledger/reconcile';
import { median } from '../../e2e/support/server-process';

const CLIENTS = 8;
const GROUP_SIZE = Number(process.env.BENCH_GROUP_SIZE ?? 32);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = 3;
const USDT = 3;
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const MODES = ['single', 'grouped', 'batched'] as const;
type Mode = (typeof MODES)[number];
interface Figure {
  transfersPerSecond: number;
  commitsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Two funded accounts per client, so clients never wait on each other's balances, only on the ledger itself. */
async function prepareAccounts(db: Kysely<Database>): Promise<[number, number][]> {
  const source = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
  const pairs: [number, number][] = [];
  for (let client = 0; client < CLIENTS; client += 1) {
    const userId = 1_000 + client;
    const first = await accountId(db, { userId, book: 'real', currencyId: USDT, kind: 'available' });
    const second = await accountId(db, { userId: userId + 100, book: 'real', currencyId: USDT, kind: 'available' });
    await db
      .transaction()
      .execute((transaction) =>
        postEntry(transaction, transfer(source, first, 10n ** 15n, 'bench.funding'), Date.now()),
      );
    pairs.push([first, second]);
  }
  return pairs;
}

function transfer(from: number, to: number, amount: bigint, reasonCode = 'bench.transfer'): EntryDraft {
  return {
    reasonCode,
    referenceType: 'bench',
    referenceId: `${from}->${to}`,
    actorType: 'system',
    actorId: 'bench-ledger',
    memo: '',
    tickId: null,
    tickSource: null,
    postings: [
      { accountId: from, currencyId: USDT, amount: -amount },
      { accountId: to, currencyId: USDT, amount },
    ],
  };
}

/** One round: every client commits as fast as it can until the deadline. */
async function runRound(db: Kysely<Database>, pairs: [number, number][], mode: Mode): Promise<Figure> {
  const perCommit = mode === 'single' ? 1 : GROUP_SIZE;
  const latencies: number[] = [];
  let transfers = 0;
  const started = performance.now();
  const deadline = started + ROUND_SECONDS * 1000;
  await Promise.all(
    pairs.map(async ([first, second]) => {
      for (let sequence = 0; performance.now() < deadline; sequence += 1) {
        const commitStarted = performance.now();
        await db.transaction().execute(async (transaction) => {
          const postAll = async () => {
            for (let index = 0; index < perCommit; index += 1) {
              // Back and forth by 1 unit: the balance never runs out, every entry is a real debit and credit.
              const forward = (sequence * perCommit + index) % 2 === 0;
              await postEntry(
                transaction,
                transfer(forward ? first : second, forward ? second : first, 1n),
                Date.now(),
              );
            }
          };
          await (mode === 'batched' ? withEntryBatch(transaction, postAll) : postAll());
        });
        latencies.push(performance.now() - commitStarted);
        transfers += perCommit;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    transfersPerSecond: Math.round(transfers / seconds),
    commitsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: round2(percentile(latencies, 0.5)),
    p99Ms: round2(percentile(latencies, 0.99)),
  };
}

async function measure(handle: DatabaseHandle): Promise<Record<Mode, Figure>> {
  await migrate(handle.db, handle.dialect);
  const pairs = await prepareAccounts(handle.db);
  const figures = {} as Record<Mode, Figure>;
  for (const mode of MODES) {
    const rounds: Figure[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await runRound(handle.db, pairs, mode));
    figures[mode] = {
      transfersPerSecond: median(rounds.map((figure) => figure.transfersPerSecond)),
      commitsPerSecond: median(rounds.map((figure) => figure.commitsPerSecond)),
      p50Ms: median(rounds.map((figure) => figure.p50Ms)),
      p99Ms: median(rounds.map((figure) => figure.p99Ms)),
    };
  }
  // The benchmark's own check that what it measured was a correct ledger.
  const report = await reconcile(handle.db);
  if (!report.ok) throw new Error(`reconcile failed after the benchmark: ${report.problems.slice(0, 3).join('; ')}`);
  return figures;
}

async function onSqlite(): Promise<{ figures: Record<Mode, Figure>; settings: Record<string, string> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'kestrel-bench-ledger-'));
  // The server's own connection: WAL, synchronous=FULL, one connection per process.
  const handle = openDatabase({ sqliteFile: path.join(directory, 'ledger.sqlite') });
  try {
    const pragma = async (name: string) => {
      const result = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(handle.db);
      return String(Object.values(result.rows[0] ?? {})[0]);
    };
    const settings = {
      journal_mode: await pragma('journal_mode'),
      synchronous: (await pragma('synchronous')) === '2' ? 'FULL' : await pragma('synchronous'),
    };
    return { figures: await measure(handle), settings };
  } finally {
    await handle.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<{ figures: Record<Mode, Figure>; settings: Record<string, string> }> {
  const name = `kestrel_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), sqliteFile: '', poolSize: CLIENTS });
  try {
    const setting = async (key: string) =>
      (await sql<{ value: string }>`select current_setting(${key}) as value`.execute(handle.db)).rows[0]!.value;
    const settings = {
      fsync: await setting('fsync'),
      synchronous_commit: await setting('synchronous_commit'),
      wal_sync_method: await setting('wal_sync_method'),
      server_version: await setting('server_version'),
    };
    return { figures: await measure(handle), settings };
  } finally {
    await handle.close();
    const dropper = new pg.Client({ connectionString: POSTGRES_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

const loadBefore = loadavg()[0]!;
const results: Record<DialectName, { figures: Record<Mode, Figure>; settings: Record<string, string> }> = {
  sqlite: await onSqlite(),
  postgres: await onPostgres(),
};

console.log(
  `\nLedger transfers (postEntry between two customer accounts), ${CLIENTS} concurrent clients, ${ROUNDS} rounds x ${ROUND_SECONDS} s, medians`,
);
console.log(
  `single: one entry per commit; grouped: ${GROUP_SIZE} entries per commit; batched: the same in an entry batch (written together at the end). Latency is per commit, as a client waits for it.\n`,
);
console.log('database    mode       transfers/s   commits/s   p50 ms   p99 ms');
for (const [dialect, result] of Object.entries(results)) {
  for (const [mode, figure] of Object.entries(result.figures)) {
    console.log(
      `${dialect.padEnd(11)} ${mode.padEnd(9)} ${String(figure.transfersPerSecond).padStart(12)} ${String(figure.commitsPerSecond).padStart(11)} ${String(figure.p50Ms).padStart(8)} ${String(figure.p99Ms).padStart(8)}`,
    );
  }
}
console.log(
  `\nsqlite: ${Object.entries(results.sqlite.settings)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ')} (one connection: the ${CLIENTS} clients queue on it, as in the server)`,
);
console.log(
  `postgres: ${Object.entries(results.postgres.settings)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ')} (pool of ${CLIENTS})`,
);
const machine = { cpus: cpus().length, loadAverageBefore: round2(loadBefore), loadAverageAfter: round2(loadavg()[0]!) };
console.log(
  `machine: ${machine.cpus} CPUs, 1-minute load average ${machine.loadAverageBefore} before, ${machine.loadAverageAfter} after (other work on the machine lowers these figures)`,
);
console.log(
  JSON.stringify({
    benchmark: 'ledger',
    clients: CLIENTS,
    groupSize: GROUP_SIZE,
    rounds: ROUNDS,
    roundSeconds: ROUND_SECONDS,
    figures: Object.fromEntries(Object.entries(results).map(([dialect, result]) => [dialect, result.figures])),
    settings: Object.fromEntries(Object.entries(results).map(([dialect, result]) => [dialect, result.settings])),
    machine,
  }),
);
