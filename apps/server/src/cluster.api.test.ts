/**
 * Several server processes on one PostgreSQL with Redis (issue 18), tried as a real cluster: the
 * launcher's process tree on its own port and database.
 *
 * - WebSocket clients connected to any process receive the same tickers (every process walks one
 *   price path) and their own private events, wherever the event was born (Redis carries it).
 * - Coin-to-coin orders reach the pair's one writer from any process.
 * - The kill test: under a money-moving load from 64 clients, kill -9 a random worker again and
 *   again (CLUSTER_KILL_CYCLES, 50 here; `npm run cluster:kill` runs 300); afterwards no acknowledged
 *   call is missing, the ledger reconciles, and every crossed take-profit, stop-loss and liquidation
 *   level closed its position by trigger (checked against the same price path, walked by the test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestCluster, type Customer } from './test/cluster-harness';
import { MoneyLoad, replicaMarket, TRIGGER_GRACE_MS, verifyAfterLoad } from './test/cluster-load';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const WORKERS = 3;
const KILL_CYCLES = Number(process.env.CLUSTER_KILL_CYCLES ?? 50);
const CLIENTS = 64;
const CUSTOMERS = 16;
/** A kill cycle takes about 6.5 s on two cores (the replacement's start-up is most of it): room for twice that. */
const KILL_TEST_TIMEOUT_MS = 180_000 + KILL_CYCLES * 13_000;
const USDT = 3;
const BTC = 4;

const runnable = Boolean(DATABASE_URL && REDIS_URL);
if (!runnable) {
  console.warn(
    'SKIPPED: the cluster suite, because TEST_DATABASE_URL or REDIS_URL is not set (.ci/run sets both; see README)',
  );
}

describe.skipIf(!runnable)('a cluster of three processes on PostgreSQL and Redis', () => {
  let cluster: TestCluster;
  let customers: Customer[];
  let fastOptionId: number;

  beforeAll(async () => {
    cluster = await TestCluster.start({ adminDatabaseUrl: DATABASE_URL!, redisUrl: REDIS_URL!, workers: WORKERS });
    await cluster.allWorkersAnswer();
    customers = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const customer = await cluster.registerCustomer();
      await cluster.credit(customer.userId, USDT, '1000000');
      await cluster.credit(customer.userId, BTC, '50');
      customers.push(customer);
    }
    const options = await cluster.request('GET', '/api/fastTradeOrderOptions/list?productType=2&productCode=X:BTCUSD');
    const rows = options.body.rows as { id: number; durationValue: number; durationLabel: number }[];
    fastOptionId = rows.find((row) => row.durationValue === 30 && row.durationLabel === 0)!.id;
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('every worker answers on the one port', async () => {
    // allWorkersAnswer saw three different `worker` names behind one port; the pids are three too.
    expect(cluster.workerPids()).toHaveLength(WORKERS);
  });

  it('clients of every process get the same tickers and their own private events from any process', async () => {
    const [customer] = customers;
    // The primary hands connections to the workers in turn: six sockets land on all three.
    const sockets = await Promise.all(Array.from({ length: 2 * WORKERS }, () => cluster.openSocket()));
    for (const socket of sockets) {
      socket.send({ op: 'auth', token: customer!.token });
      await socket.until((message) => message.op === 'authenticated');
      socket.send({ op: 'subscribe', topics: ['ticker:X:BTCUSD', 'private:fastOrders', 'private:bibiOrders'] });
      await socket.until((message) => message.op === 'subscribed');
    }
    // One price path: some ticker message arrives, to the letter, on every socket.
    await sockets[0]!.until((message) => message.topic === 'ticker:X:BTCUSD');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const texts = sockets.map(
      (socket) =>
        new Set(socket.messages.filter((message) => message.topic === 'ticker:X:BTCUSD').map((m) => JSON.stringify(m))),
    );
    const shared = [...texts[0]!].filter((text) => texts.every((set) => set.has(text)));
    expect(shared.length).toBeGreaterThan(0);

    // Events born wherever the HTTP call lands (fast trades) or on the pair's writer (coin-to-coin).
    for (let round = 0; round < WORKERS; round += 1) {
      const fast = await cluster.post(
        '/api/fastTradeOrder/addFastTradeOrder',
        { fastTradeOrderOptionsId: fastOptionId, orderDirection: 0, orderPrice: '20' },
        customer!.token,
      );
      expect(fast.body.code, JSON.stringify(fast.body)).toBe(200);
      const fastId = (fast.body.data as { id: number }).id;
      const order = await cluster.post(
        '/api/bibiTradeOrder/buy',
        { productCode: 'X:BTCUSD', productType: 2, orderMethod: 0, productPrice: '1000.00', orderVolume: '0.001' },
        customer!.token,
      );
      expect(order.body.code, JSON.stringify(order.body)).toBe(200);
      const orderId = (order.body.data as { id: number }).id;
      for (const socket of sockets) {
        await socket.until(
          (message) =>
            message.topic === 'private:fastOrders' &&
            (message.data as { order?: { id?: number } }).order?.id === fastId,
        );
        await socket.until(
          (message) =>
            message.topic === 'private:bibiOrders' && JSON.stringify(message.data).includes(`"id":${orderId}`),
        );
      }
    }
    for (const socket of sockets) socket.close();
  }, 60_000);

  it(
    `kill -9 of a random worker, ${KILL_CYCLES} times under load from ${CLIENTS} clients: nothing acknowledged is lost`,
    async () => {
      const market = replicaMarket(cluster.marketStartMs);
      const load = new MoneyLoad(cluster, customers, market, fastOptionId);
      load.start(CLIENTS);
      const started = Date.now();
      for (let cycle = 0; cycle < KILL_CYCLES; cycle += 1) {
        const pids = cluster.workerPids();
        const victim = pids[Math.floor(Math.random() * pids.length)]!;
        await cluster.killWorker(victim);
        // Some load on the survivors while the replacement starts, then the next kill.
        await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
      }
      await cluster.allWorkersAnswer(60_000);
      const report = await load.stop();
      // Every product's guard is back and has had time to close what crossed.
      await new Promise((resolve) => setTimeout(resolve, TRIGGER_GRACE_MS));
      const verdict = await verifyAfterLoad(cluster, market, report);
      console.log(
        `cluster kill test: ${KILL_CYCLES} cycles in ${Math.round((Date.now() - started) / 1000)} s; ` +
          `${report.calls} calls, ${report.acknowledged.length} acknowledged and checked, ${report.refused} refused, ` +
          `${report.notAcknowledged} never answered, ${report.resends} resent with the same key; ` +
          `${verdict.positionsChecked} positions checked, ${verdict.triggersFired} trigger closes ` +
          `(${verdict.triggersAtCrossingTick} at the crossing tick, ${verdict.triggersAfterHandOver} later; ` +
          `crossing to close: median ${verdict.closeDelayMs.median} ms, p99 ${verdict.closeDelayMs.p99} ms, ` +
          `most ${verdict.closeDelayMs.max} ms)`,
        { resendReasons: report.resendReasons, later: verdict.laterExamples },
      );
      const failed = verdict.lost.length + verdict.reconcileProblems.length + verdict.triggerProblems.length > 0;
      if (failed || process.env.CLUSTER_LOG) {
        console.log(`the cluster's warnings and errors:\n${cluster.log}`);
        console.log('database sessions:', JSON.stringify(await cluster.sessions(), null, 1));
      }
      expect(verdict.lost).toEqual([]);
      expect(verdict.reconcileProblems).toEqual([]);
      expect(report.acknowledged.length).toBeGreaterThan(KILL_CYCLES);
      expect(verdict.triggersFired).toBeGreaterThan(0);
      // No crossed level missed: each closed by its trigger at or after its first crossing tick, none
      // still open or closed by hand past the grace (TRIGGER_GRACE_MS) after it crossed.
      expect(verdict.triggerProblems.slice(0, 10)).toEqual([]);
    },
    KILL_TEST_TIMEOUT_MS,
  );
});
