// npm run bench:copy-trading — how fast copy trading mirrors one trader's position to many followers,
// in process (the API test server: Fastify inject, the scripted market, a test clock), on SQLite, and on
// PostgreSQL too when TEST_DATABASE_URL is set. One trader, FOLLOWERS followers each
// following with a fixed 10 USDT per copy; per round the trader opens one position (timed from the
// trader's request until every copy is open) and closes it (until every copy is closed, each paying its
// profit share). Every copy is its own transaction with its own ledger entry. Prints medians of ROUNDS
// rounds; the last line is one JSON object. Reconcile must be clean at the end.
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import { startTestServer, registerCustomer, type TestServer } from '../../apps/server/src/test/test-server';
import { parseDecimal } from '@kestrel/domain';
import { reconcile } from '../../apps/server/src/features/ledger/reconcile';
import { credit, USDT } from '../../apps/server/src/features/wallet/test-support';
import type { DialectName } from '../../apps/server/src/db/connection';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The test server reads TEST_DATABASE_URL when it loads: PostgreSQL is measured when it is set. */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const BTC = 'X:BTCUSD';
const HOLD_MS = 10_000;
const WAIT_MS_MAX = 120_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round1 = (value: number) => Math.round(value * 10) / 10;

async function copiesIn(server: TestServer, state: 'open' | 'closed'): Promise<number> {
  const row = await server.context.database.db
    .selectFrom('copy_order')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function until(server: TestServer, state: 'open' | 'closed', count: number): Promise<void> {
  const started = performance.now();
  while ((await copiesIn(server, state)) < count) {
    if (performance.now() - started > WAIT_MS_MAX) throw new Error(`copies did not reach ${count} ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function measure(dialect: DialectName) {
  const server = await startTestServer(dialect);
  try {
    const post = (token: string, path: string, body: object, json = false) =>
      server.post(path, body as Record<string, unknown>, { token, json, headers: { 'idempotency-key': randomUUID() } });
    const trader = await registerCustomer(server);
    await credit(server, trader.userId, USDT, '10000000');
    const applied = await post(trader.token, '/api/copyTrade/trader/apply', {});
    const traderId = applied.body.data.traderId as number;
    for (let index = 0; index < FOLLOWERS; index += 1) {
      const follower = await registerCustomer(server);
      await credit(server, follower.userId, USDT, '100000');
      const followed = await post(
        follower.token,
        '/api/copyTrade/relation/follow',
        { traderId, followMode: 0, followAmount: '10', maxOpenOrders: 50 },
        true,
      );
      if (followed.body.code !== 200) throw new Error(JSON.stringify(followed.body));
    }
    const opens: number[] = [];
    const closes: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      server.market.push(BTC, parseDecimal('100000.00', 2));
      let started = performance.now();
      const opened = await post(
        trader.token,
        '/api/userProductPosition/buy',
        { productType: 2, productCode: BTC, orderDirection: 0, orderLever: 10, marginAmount: '1000' },
        true,
      );
      if (opened.body.code !== 200) throw new Error(JSON.stringify(opened.body));
      await until(server, 'open', FOLLOWERS);
      opens.push(performance.now() - started);
      server.clock.advance(HOLD_MS);
      server.market.push(BTC, parseDecimal('101000.00', 2));
      started = performance.now();
      const closed = await post(trader.token, '/api/userProductPosition/sell', { positionId: opened.body.data.id });
      if (closed.body.code !== 200) throw new Error(JSON.stringify(closed.body));
      await until(server, 'closed', FOLLOWERS * round);
      closes.push(performance.now() - started);
      server.clock.advance(1_000);
    }
    const problems = (await reconcile(server.context.database.db)).problems;
    if (problems.length > 0) throw new Error(`reconcile: ${JSON.stringify(problems.slice(0, 3))}`);
    const openMs = median(opens);
    const closeMs = median(closes);
    return {
      dialect,
      followers: FOLLOWERS,
      rounds: ROUNDS,
      openAllMsMedian: round1(openMs),
      copiesOpenedPerSecond: Math.round((FOLLOWERS / openMs) * 1000),
      closeAllMsMedian: round1(closeMs),
      copiesClosedPerSecond: Math.round((FOLLOWERS / closeMs) * 1000),
    };
  } finally {
    await server.close();
  }
}

const results = [await measure('sqlite')];
if (POSTGRES_URL) results.push(await measure('postgres'));
console.log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (const result of results) {
  console.log(
    `${result.dialect}: ${result.followers} followers, median of ${result.rounds} rounds: all copies open in ${result.openAllMsMedian} ms (${result.copiesOpenedPerSecond}/s), all closed with profit share in ${result.closeAllMsMedian} ms (${result.copiesClosedPerSecond}/s)`,
  );
}
console.log(JSON.stringify(results));
