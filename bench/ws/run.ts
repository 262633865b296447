// npm run bench:ws — market data fan-out over the WebSocket. The real app in its own process
// (server.ts: SQLite, the simulator at BENCH_WS_TICKS_PER_SECOND = 4 ticks a second, BENCH_WS_PRODUCTS
// = 50 products all ticking at every step), and BENCH_WS_CLIENTS (1,000 and 5,000) clients in
// BENCH_WS_CLIENT_PROCESSES forked processes (clients.ts). Each client subscribes to `tickers` (what the
// list screens read) and one `ticker:<code>` (a product screen), spread evenly over the products: two
// messages per client per tick. Reported: messages per second the clients received (against what
// every tick owes them), tick-to-client latency p50/p99/max (from the tick's due time, on the grid, to
// the message's arrival; one clock, one machine), and the server's CPU, event-loop delay and memory.
// Each client count runs twice: all clients reading, then with BENCH_WS_SLOW_SHARE (5%) of them never
// reading (paused sockets on every product's ticker and candle, protocol.ts slowTopicsOf), measured
// once the server holds all their messages back (up to BENCH_WS_SLOW_WAIT_SECONDS): the readers'
// figures must not move. The hub closes a client slow for 30 s (realtime/hub.ts), so the table shows
// how many slow clients were held back and how many closed. Medians of BENCH_ROUNDS (3) rounds of
// BENCH_ROUND_SECONDS (5) s, after BENCH_WARMUP_SECONDS (2) s; BENCH_WS_SERVER_NODE_ARGUMENTS passes
// Node flags to the server (`--cpu-prof`). The last line is one JSON object.
import { execSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../apps/server/src/features/bibi/restart-support';
import { median } from '../../e2e/support/server-process';
import { LatencyHistogram } from './histogram';
import { isSlowClient, type ClientCommand, type ClientReport } from './protocol';

const CLIENT_COUNTS = (process.env.BENCH_WS_CLIENTS ?? '1000,5000').split(',').map(Number);
const TICKS_PER_SECOND = Number(process.env.BENCH_WS_TICKS_PER_SECOND ?? 4);
const PRODUCTS = Number(process.env.BENCH_WS_PRODUCTS ?? 50);
const SLOW_SHARE = Number(process.env.BENCH_WS_SLOW_SHARE ?? 0.05);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** One core for the server; the rest (up to 4) read, so the clients' own work does not decide the figures. */
const CLIENT_PROCESSES = Number(process.env.BENCH_WS_CLIENT_PROCESSES ?? Math.max(1, Math.min(4, cpus().length - 1)));
/** How long slow clients may take to back up: the kernel's socket buffers fill first, then the server's. */
const SLOW_BACKUP_WAIT_SECONDS_MAX = Number(process.env.BENCH_WS_SLOW_WAIT_SECONDS ?? 90);
/** `tickers` and one `ticker:<code>` per client (protocol.ts topicsOf). */
const MESSAGES_PER_CLIENT_PER_TICK = 2;
/** Descriptors a process needs besides its sockets (files, pipes, the database). */
const FILE_DESCRIPTORS_SPARE = 256;
/** Extra Node arguments for the server process, to look inside it (`--cpu-prof --cpu-prof-dir=...`). */
const SERVER_NODE_ARGUMENTS = (process.env.BENCH_WS_SERVER_NODE_ARGUMENTS ?? '').split(' ').filter(Boolean);
const SERVER_START_WAIT_MS_MAX = 120_000;
const STATS_POLL_MS = 500;

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const round1 = (value: number) => Math.round(value * 10) / 10;

interface ServerStats {
  connections: number;
  slowClients: number;
  slowClientsClosed: number;
  cpuMicroseconds: { user: number; system: number };
  rssBytes: number;
  eventLoopDelayP99Ms: number;
}

interface RoundFigure {
  messagesPerSecond: number;
  megabytesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  serverCpuPercent: number;
  eventLoopDelayP99Ms: number;
  readersClosed: number;
}

interface Figure extends RoundFigure {
  clients: number;
  slowClients: number;
  expectedMessagesPerSecond: number;
  serverRssMegabytes: number;
  /** Slow clients the server held back (latest state per topic) at the end, and those it closed. */
  slowHeldBack: number;
  slowClosed: number;
  slowBackupSeconds: number | null;
  connectSeconds: number;
}

function checkFileDescriptors(clients: number): void {
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  // "unlimited" reads as NaN: nothing to check.
  if (Number.isFinite(limit) && clients + FILE_DESCRIPTORS_SPARE > limit) {
    throw new Error(
      `${clients} clients need ${clients + FILE_DESCRIPTORS_SPARE} file descriptors; ulimit -n is ${limit}`,
    );
  }
}

async function startServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGUMENTS, '--import', 'tsx', 'bench/ws/server.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      BENCH_WS_TICKS_PER_SECOND: String(TICKS_PER_SECOND),
      BENCH_WS_PRODUCTS: String(PRODUCTS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > SERVER_START_WAIT_MS_MAX) throw new Error('bench server did not start in time');
    await sleep(200);
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serverStats(baseUrl: string, reset = false): Promise<ServerStats> {
  return (await fetch(`${baseUrl}/bench/stats${reset ? '?reset=1' : ''}`)).json() as Promise<ServerStats>;
}

/** A forked client process, with the next report of a kind awaited by op. */
class ClientProcess {
  private readonly child: ChildProcess;
  private readonly waiting: { op: ClientReport['op']; resolve: (report: ClientReport) => void }[] = [];
  private failure: Error | null = null;

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (report: ClientReport) => {
      if (report.op === 'failed') {
        this.failure = new Error(`client process: ${report.message}`);
        for (const waiter of this.waiting.splice(0)) waiter.resolve(report);
        return;
      }
      const index = this.waiting.findIndex((waiter) => waiter.op === report.op);
      if (index >= 0) this.waiting.splice(index, 1)[0]!.resolve(report);
    });
  }

  send(command: ClientCommand): void {
    this.child.send(command);
  }

  async next<Op extends ClientReport['op']>(op: Op): Promise<Extract<ClientReport, { op: Op }>> {
    const report = await new Promise<ClientReport>((resolve) => this.waiting.push({ op, resolve }));
    if (this.failure) throw this.failure;
    return report as Extract<ClientReport, { op: Op }>;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.send({ op: 'close' });
    await exited;
  }
}

async function measureRound(baseUrl: string, processes: ClientProcess[]): Promise<RoundFigure> {
  const before = await serverStats(baseUrl, true);
  for (const clientProcess of processes) clientProcess.send({ op: 'start' });
  const started = performance.now();
  await sleep(ROUND_SECONDS * 1000);
  for (const clientProcess of processes) clientProcess.send({ op: 'stop' });
  const reports = await Promise.all(processes.map((clientProcess) => clientProcess.next('round')));
  const seconds = (performance.now() - started) / 1000;
  const after = await serverStats(baseUrl);
  const latency = new LatencyHistogram();
  for (const report of reports) latency.add(report.latency, report.latencyMaxMs);
  const cpu =
    after.cpuMicroseconds.user +
    after.cpuMicroseconds.system -
    before.cpuMicroseconds.user -
    before.cpuMicroseconds.system;
  return {
    messagesPerSecond: Math.round(reports.reduce((sum, report) => sum + report.messages, 0) / seconds),
    megabytesPerSecond: round1(reports.reduce((sum, report) => sum + report.bytes, 0) / seconds / 1e6),
    p50Ms: latency.percentileMs(0.5),
    p99Ms: latency.percentileMs(0.99),
    maxMs: round1(latency.maxMs),
    serverCpuPercent: Math.round(cpu / seconds / 1e4),
    eventLoopDelayP99Ms: after.eventLoopDelayP99Ms,
    readersClosed: reports.reduce((sum, report) => sum + report.readersClosed, 0),
  };
}

async function scenario(clients: number, slowShare: number): Promise<Figure> {
  checkFileDescriptors(clients);
  const server = await startServer();
  const processes = Array.from({ length: Math.min(CLIENT_PROCESSES, clients) }, () => new ClientProcess());
  try {
    const codes = (await (await fetch(`${server.baseUrl}/bench/products`)).json()) as string[];
    const url = `${server.baseUrl.replace('http', 'ws')}/ws`;
    const connectStarted = performance.now();
    let first = 0;
    processes.forEach((clientProcess, index) => {
      const count = Math.floor(clients / processes.length) + (index < clients % processes.length ? 1 : 0);
      clientProcess.send({ op: 'connect', url, first, count, codes, slowShare });
      first += count;
    });
    await Promise.all(processes.map((clientProcess) => clientProcess.next('connected')));
    const connectSeconds = round1((performance.now() - connectStarted) / 1000);
    let slowClients = 0;
    for (let index = 0; index < clients; index += 1) if (isSlowClient(index, slowShare)) slowClients += 1;

    let slowBackupSeconds: number | null = null;
    if (slowClients > 0) {
      const waitStarted = performance.now();
      while (performance.now() - waitStarted < SLOW_BACKUP_WAIT_SECONDS_MAX * 1000) {
        const stats = await serverStats(server.baseUrl);
        if (stats.slowClients + stats.slowClientsClosed >= slowClients) {
          slowBackupSeconds = round1((performance.now() - waitStarted) / 1000);
          break;
        }
        await sleep(STATS_POLL_MS);
      }
    }
    await sleep(WARMUP_SECONDS * 1000);

    const rounds: RoundFigure[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await measureRound(server.baseUrl, processes));
    const end = await serverStats(server.baseUrl);
    const medianOf = (pick: (figure: RoundFigure) => number) => median(rounds.map(pick));
    return {
      clients,
      slowClients,
      expectedMessagesPerSecond: (clients - slowClients) * MESSAGES_PER_CLIENT_PER_TICK * TICKS_PER_SECOND,
      messagesPerSecond: medianOf((figure) => figure.messagesPerSecond),
      megabytesPerSecond: medianOf((figure) => figure.megabytesPerSecond),
      p50Ms: medianOf((figure) => figure.p50Ms),
      p99Ms: medianOf((figure) => figure.p99Ms),
      maxMs: medianOf((figure) => figure.maxMs),
      serverCpuPercent: medianOf((figure) => figure.serverCpuPercent),
      eventLoopDelayP99Ms: medianOf((figure) => figure.eventLoopDelayP99Ms),
      readersClosed: Math.max(...rounds.map((figure) => figure.readersClosed)),
      serverRssMegabytes: Math.round(end.rssBytes / 1e6),
      slowHeldBack: end.slowClients,
      slowClosed: end.slowClientsClosed,
      slowBackupSeconds,
      connectSeconds,
    };
  } finally {
    await Promise.all(processes.map((clientProcess) => clientProcess.close()));
    await server.stop();
  }
}

const figures: Record<string, Figure> = {};
for (const clients of CLIENT_COUNTS) {
  figures[`${clients} clients`] = await scenario(clients, 0);
  if (SLOW_SHARE > 0)
    figures[`${clients} clients, ${round1(SLOW_SHARE * 100)}% slow`] = await scenario(clients, SLOW_SHARE);
}

console.log(
  `\nWebSocket fan-out: ${PRODUCTS} products at ${TICKS_PER_SECOND} ticks/s, each client on \`tickers\` and one \`ticker:<code>\`; ` +
    `${CLIENT_PROCESSES} client process(es), ${ROUNDS} rounds x ${ROUND_SECONDS} s, medians ` +
    `(${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)})\n`,
);
console.log(
  'scenario                      msgs/s   owed/s    MB/s   p50 ms   p99 ms   max ms  CPU %  loop p99  RSS MB  slow held/closed',
);
for (const [name, figure] of Object.entries(figures)) {
  const slow = figure.slowClients > 0 ? `${figure.slowHeldBack}/${figure.slowClosed} of ${figure.slowClients}` : '-';
  console.log(
    `${name.padEnd(27)} ${String(figure.messagesPerSecond).padStart(8)} ${String(figure.expectedMessagesPerSecond).padStart(8)} ` +
      `${String(figure.megabytesPerSecond).padStart(7)} ${String(figure.p50Ms).padStart(8)} ${String(figure.p99Ms).padStart(8)} ` +
      `${String(figure.maxMs).padStart(8)} ${String(figure.serverCpuPercent).padStart(6)} ${String(figure.eventLoopDelayP99Ms).padStart(9)} ` +
      `${String(figure.serverRssMegabytes).padStart(7)}  ${slow}`,
  );
}
const slowImpact: Record<string, { p99Ms: number; p99MsWithSlow: number }> = {};
for (const clients of CLIENT_COUNTS) {
  const reading = figures[`${clients} clients`];
  const withSlow = Object.entries(figures).find(([name]) => name.startsWith(`${clients} clients, `))?.[1];
  if (!reading || !withSlow) continue;
  slowImpact[`${clients} clients`] = { p99Ms: reading.p99Ms, p99MsWithSlow: withSlow.p99Ms };
  console.log(
    `\n${clients} clients: the readers' p99 ${withSlow.p99Ms} ms with ${withSlow.slowClients} slow clients, ${reading.p99Ms} ms without` +
      (withSlow.slowBackupSeconds === null
        ? ` (the slow clients had not backed up after ${SLOW_BACKUP_WAIT_SECONDS_MAX} s)`
        : ` (slow clients backed up ${withSlow.slowBackupSeconds} s after connecting)`),
  );
}
console.log(
  JSON.stringify({
    benchmark: 'ws',
    ticksPerSecond: TICKS_PER_SECOND,
    products: PRODUCTS,
    clientProcesses: CLIENT_PROCESSES,
    rounds: ROUNDS,
    roundSeconds: ROUND_SECONDS,
    figures,
    slowImpact,
  }),
);
