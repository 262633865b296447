// npm run bench:orders-api — durable coin-to-coin limit orders per second through HTTP, against the real
// server process (main.ts) on SQLite, and on PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set.
// Every answered order is durable: its freeze, fills, ledger entries and command log row committed before
// the answer. 16 concurrent clients (keep-alive), each a funded customer sending GTC limit orders at
// random prices around the pair's centre (most cross, so fills and fees are part of the cost). Two shapes:
// every client on one pair (one book writer), and the clients spread over four pairs (four writers).
// Latency is measured by the client, from send to answer. The last line is one JSON object.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { parseDecimal } from '@kestrel/domain';
import { openDatabase, type DialectName } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { hashPassword } from '../../apps/server/src/core/secrets';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from '../../apps/server/src/features/ledger/accounts';
import { postEntry } from '../../apps/server/src/features/ledger/post-entry';
import { reconcile } from '../../apps/server/src/features/ledger/reconcile';
import { call, freePort, startChildServer } from '../../apps/server/src/features/bibi/restart-support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = 1;
const PASSWORD = 'BenchPassw0rd';
const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

const PAIRS = [
  { code: 'X:BTCUSD', center: 10_000_000n, priceScale: 2, volumeScale: 5, minimum: 10n },
  { code: 'X:ETHUSD', center: 380_000n, priceScale: 2, volumeScale: 4, minimum: 30n },
  { code: 'X:SOLUSD', center: 18_000n, priceScale: 2, volumeScale: 2, minimum: 6n },
  { code: 'X:BNBUSD', center: 100_000n, priceScale: 2, volumeScale: 3, minimum: 10n },
] as const;
const FUNDING: readonly [number, string][] = [
  [3, '100000000'],
  [4, '1000'],
  [5, '10000'],
  [6, '100000'],
  [8, '10000'],
];

interface Figure {
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  fills: number;
  refused: Record<string, number>;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
const round2 = (value: number) => Math.round(value * 100) / 100;

function format(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const text = units.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** A fresh database with funded customers, created before the server starts. */
async function prepare(
  dialect: DialectName,
): Promise<{ dataDirectory: string; databaseUrl?: string; emails: string[]; drop(): Promise<void> }> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'kestrel-orders-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const name = `kestrel_orders_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const database = openDatabase({ databaseUrl, sqliteFile: path.join(dataDirectory, 'kestrel.sqlite') });
  const emails: string[] = [];
  try {
    await migrate(database.db, dialect);
    const passwordHash = await hashPassword(PASSWORD);
    for (let index = 0; index < CLIENTS; index += 1) {
      const email = `bench${index}@example.com`;
      const user = await database.db
        .insertInto('user_account')
        .values({
          user_account: email,
          email,
          phone: null,
          area_code: null,
          password_hash: passwordHash,
          nick_name: `bench ${index}`,
          avatar: '',
          account_type: 0,
          invite_code: `BENCH${index}`,
          inviter_id: null,
          failed_login_count: 0,
          locked_until: null,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      emails.push(email);
      for (const [currencyId, amount] of FUNDING) {
        await database.db.transaction().execute(async (transaction) => {
          const source = await accountId(
            transaction,
            platformAccount('real', currencyId, PLATFORM_ACCOUNTS.depositSource),
          );
          const target = await accountId(transaction, { userId: user.id, book: 'real', currencyId, kind: 'available' });
          const units = parseDecimal(amount, 8);
          await postEntry(
            transaction,
            {
              reasonCode: 'bench.funding',
              referenceType: 'bench',
              referenceId: String(user.id),
              actorType: 'system',
              actorId: 'bench-orders-api',
              memo: '',
              tickId: null,
              tickSource: null,
              postings: [
                { accountId: source, currencyId, amount: -units },
                { accountId: target, currencyId, amount: units },
              ],
            },
            Date.now(),
          );
        });
      }
    }
  } finally {
    await database.close();
  }
  return {
    dataDirectory,
    databaseUrl,
    emails,
    async drop() {
      await dropDatabase();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

async function scenario(baseUrl: string, tokens: string[], pairCount: number, label: string): Promise<Figure> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let fills = 0;
  let measuring = false;
  let running = true;
  let sequence = 0;
  const client = async (index: number) => {
    const pair = PAIRS[index % pairCount]!;
    let buy = index % 2 === 0;
    while (running) {
      buy = !buy;
      // Buys mostly above the centre and sells mostly below: most orders cross, so fills are measured too.
      const offset = BigInt(Math.floor(Math.random() * 21) - (buy ? 5 : 15));
      const body = {
        productCode: pair.code,
        productType: 2,
        orderMethod: 0,
        productPrice: format(pair.center + offset * 100n, pair.priceScale),
        orderVolume: format(pair.minimum * BigInt(1 + Math.floor(Math.random() * 3)), pair.volumeScale),
      };
      const key = `bench-${label}-${process.pid}-${(sequence += 1)}`;
      const started = performance.now();
      const answer = await call(baseUrl, 'POST', `/api/bibiTradeOrder/${buy ? 'buy' : 'sell'}`, {
        body,
        token: tokens[index]!,
        key,
      });
      const elapsed = performance.now() - started;
      if (!measuring) continue;
      if (answer.code === 200) {
        latencies.push(elapsed);
        fills += answer.data.fills.length;
      } else {
        refused[answer.msg] = (refused[answer.msg] ?? 0) + 1;
      }
    }
  };
  const clients = tokens.map((_, index) => client(index));
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  measuring = true;
  const measuredFrom = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  measuring = false;
  const measuredMs = performance.now() - measuredFrom;
  running = false;
  await Promise.all(clients);
  latencies.sort((left, right) => left - right);
  return {
    ordersPerSecond: Math.round((latencies.length * 1000) / measuredMs),
    p50Ms: round2(percentile(latencies, 0.5)),
    p99Ms: round2(percentile(latencies, 0.99)),
    fills,
    refused,
  };
}

const figures: Partial<Record<DialectName, Record<string, Figure>>> = {};
const dialects: DialectName[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
for (const dialect of dialects) {
  const prepared = await prepare(dialect);
  const server = await startChildServer({
    dataDirectory: prepared.dataDirectory,
    port: await freePort(),
    databaseUrl: prepared.databaseUrl,
  });
  try {
    const tokens: string[] = [];
    for (const email of prepared.emails) {
      const login = await call(server.baseUrl, 'POST', '/api/userInfo/login', {
        body: { userAccount: email, userPwd: PASSWORD },
      });
      if (login.code !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
      tokens.push(login.data.token);
    }
    figures[dialect] = {
      'one pair': await scenario(server.baseUrl, tokens, 1, `${dialect}-one`),
      'four pairs': await scenario(server.baseUrl, tokens, 4, `${dialect}-four`),
    };
  } finally {
    await server.stop();
  }
  const database = openDatabase({
    databaseUrl: prepared.databaseUrl,
    sqliteFile: path.join(prepared.dataDirectory, 'kestrel.sqlite'),
  });
  try {
    const report = await reconcile(database.db);
    if (!report.ok) throw new Error(`reconcile after the benchmark: ${report.problems.join('; ')}`);
  } finally {
    await database.close();
  }
  await prepared.drop();
}

console.log(
  `\nDurable coin-to-coin limit orders through HTTP: ${CLIENTS} clients, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up ` +
    `(${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}); every answer is committed; the ledger reconciled afterwards\n`,
);
console.log('database   shape        orders/s   p50 ms   p99 ms     fills   refused');
for (const [dialect, shapes] of Object.entries(figures)) {
  for (const [shape, figure] of Object.entries(shapes)) {
    const refusedCount = Object.values(figure.refused).reduce((sum, count) => sum + count, 0);
    console.log(
      `${dialect.padEnd(10)} ${shape.padEnd(12)} ${String(figure.ordersPerSecond).padStart(8)} ${String(figure.p50Ms).padStart(8)} ${String(figure.p99Ms).padStart(8)} ${String(figure.fills).padStart(9)} ${String(refusedCount).padStart(9)}`,
    );
  }
}
console.log(JSON.stringify({ benchmark: 'orders-api', clients: CLIENTS, seconds: SECONDS, figures }));
