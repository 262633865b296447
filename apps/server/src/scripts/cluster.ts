/**
 * `npm run cluster -- N` (issue 18): N server processes behind one port, on PostgreSQL and Redis.
 *
 * Node's cluster module: this primary process opens no database and serves nothing; it forks N
 * workers, each a whole server (main.ts), and the kernel's listening socket, held by the primary,
 * hands connections to them in turn. The primary gives every worker the same simulated market start
 * (KESTREL_MARKET_START_MS), so all walk one price path and agree on every tick without sending
 * ticks to each other. A worker that dies is started again with the same start; meanwhile the others
 * take over its coin-to-coin books and price triggers (their writer locks end with its connection).
 *
 * Needs DATABASE_URL (PostgreSQL: SQLite is one process) and REDIS_URL.
 */
import cluster, { type Worker } from 'node:cluster';

/** Processes at most: each holds a database pool and a copy of the market in memory. */
const WORKERS_MAX = 32;
/** A worker that dies this often within the window is restarted after a pause, not at once. */
const RESTARTS_PER_WINDOW_MAX = 5;
const RESTART_WINDOW_MS = 30_000;
const RESTART_PAUSE_MS = 5_000;
const RESTART_DELAY_MS = 200;

function workerCount(argument: string | undefined): number {
  const count = Number(argument ?? '2');
  if (!Number.isInteger(count) || count < 1 || count > WORKERS_MAX)
    throw new Error(`usage: npm run cluster -- N   (N from 1 to ${WORKERS_MAX}, got ${JSON.stringify(argument)})`);
  return count;
}

function requireEnvironment(): void {
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length > 0)
    throw new Error(
      `npm run cluster needs ${missing.join(' and ')}: several processes share one PostgreSQL database and ` +
        'one Redis (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/kestrel REDIS_URL=redis://127.0.0.1:6379)',
    );
}

async function runPrimary(): Promise<void> {
  requireEnvironment();
  const count = workerCount(process.argv[2]);
  // Whole seconds, on the simulator's one-second grid.
  const marketStartMs = String(Math.floor(Date.now() / 1000) * 1000);
  const restarts = new Map<number, number[]>();
  const indexOf = new Map<Worker, number>();
  let stopping = false;

  const fork = (index: number): Worker => {
    const worker = cluster.fork({ KESTREL_MARKET_START_MS: marketStartMs, KESTREL_WORKER: String(index) });
    indexOf.set(worker, index);
    return worker;
  };
  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve());
      worker.once('exit', (code) => reject(new Error(`worker ${indexOf.get(worker)} exited with ${code} at start`)));
    });

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker);
    indexOf.delete(worker);
    if (stopping || index === undefined) return;
    const now = Date.now();
    const recent = (restarts.get(index) ?? []).filter((time) => now - time < RESTART_WINDOW_MS);
    recent.push(now);
    restarts.set(index, recent);
    const delay = recent.length > RESTARTS_PER_WINDOW_MAX ? RESTART_PAUSE_MS : RESTART_DELAY_MS;
    console.error(
      `cluster: worker ${index} (pid ${worker.process.pid}) ended (${signal ?? code}); restarting in ${delay} ms`,
    );
    setTimeout(() => {
      if (!stopping) fork(index);
    }, delay);
  });

  cluster.on('listening', (worker) =>
    console.error(`cluster: worker ${indexOf.get(worker)} (pid ${worker.process.pid}) listening`),
  );

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`cluster: ${signal}, stopping ${indexOf.size} workers`);
    for (const worker of indexOf.keys()) worker.process.kill('SIGTERM');
    const done = () => (Object.keys(cluster.workers ?? {}).length === 0 ? process.exit(0) : undefined);
    cluster.on('exit', done);
    done();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // The first worker migrates and seeds alone; the others start once it listens.
  await listening(fork(0));
  await Promise.all(Array.from({ length: count - 1 }, (_, offset) => listening(fork(offset + 1))));
  console.error(`cluster: ${count} workers listening (primary pid ${process.pid}, market start ${marketStartMs})`);
}

if (cluster.isPrimary) {
  runPrimary().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
} else {
  await import('../main');
}
