// The server bench:ws measures, in its own process (spawned by run.ts): the whole app (buildApp) on
// SQLite in a fresh folder, with the market simulator stepped BENCH_WS_TICKS_PER_SECOND times a second
// on a timer aligned to its step grid, so a tick's time (`updated` in every ticker message) is the
// moment it was due: a client's latency from it counts timer lateness, the step, the fan-out and the
// socket. Every product trades all week here (so each one ticks at every step, whatever the hour), and
// BENCH_WS_PRODUCTS tops the catalogue up with copies of its crypto products. GET /bench/stats tells
// run.ts the hub's connections, its slow clients, the process's CPU time and event-loop delay.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSimulatedMarket, INSTRUMENTS, type InstrumentSpec } from '@kestrel/market';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/connection';
import { FileOutboxNotifier } from '../../apps/server/src/notify/notifier';

const PORT = Number(process.env.PORT);
const TICKS_PER_SECOND = Number(process.env.BENCH_WS_TICKS_PER_SECOND ?? 4);
const PRODUCTS = Number(process.env.BENCH_WS_PRODUCTS ?? 50);
const STEP_MS = 1000 / TICKS_PER_SECOND;
if (!Number.isInteger(STEP_MS)) throw new Error('BENCH_WS_TICKS_PER_SECOND must divide 1000');

/** The catalogue open all week, then copies of its crypto products until there are `count`. */
function benchInstruments(count: number): InstrumentSpec[] {
  const instruments: InstrumentSpec[] = INSTRUMENTS.map((instrument) => ({ ...instrument, session: 'crypto' }));
  const crypto = INSTRUMENTS.filter((instrument) => instrument.session === 'crypto');
  for (let copy = 1; instruments.length < count; copy += 1) {
    const model = crypto[(copy - 1) % crypto.length]!;
    instruments.push({ ...model, productCode: `X:BENCH${String(copy).padStart(2, '0')}USD` });
  }
  return instruments.slice(0, count);
}

const dataDirectory = mkdtempSync(path.join(tmpdir(), 'kestrel-ws-bench-'));
const config = {
  ...loadConfig({}),
  port: PORT,
  dataDirectory,
  webDistDirectory: path.join(dataDirectory, 'no-web'),
  adminDistDirectory: path.join(dataDirectory, 'no-admin'),
  marketMaker: false,
  logLevel: 'warn',
};
mkdirSync(dataDirectory, { recursive: true });
const database = openDatabase({ sqliteFile: path.join(dataDirectory, 'kestrel.sqlite') });
const market = createSimulatedMarket({
  seed: 'bench-ws',
  clock: Date.now,
  tickIntervalMs: STEP_MS,
  instruments: benchInstruments(PRODUCTS),
});
const { app, hub } = await buildApp({
  config,
  database,
  market,
  notifier: new FileOutboxNotifier(path.join(dataDirectory, 'outbox.jsonl')),
  logger: { level: 'warn' },
});

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
app.get('/bench/stats', async (request) => {
  const stats = {
    connections: hub.connectionCount,
    slowClients: hub.slowClientCount,
    slowClientsClosed: hub.slowClientsClosed,
    cpuMicroseconds: process.cpuUsage(),
    rssBytes: process.memoryUsage().rss,
    eventLoopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
  };
  if ((request.query as { reset?: string }).reset === '1') loopDelay.reset();
  return stats;
});
app.get('/bench/products', async () => market.instruments.map((instrument) => instrument.productCode));

// The simulator's own timer (market.start) fires at whatever phase it was started; this one fires on
// the grid, and steps to now (a late timer publishes the step it missed, with its due time).
let stepTimer: NodeJS.Timeout | undefined;
const scheduleStep = () => {
  const now = Date.now();
  stepTimer = setTimeout(
    () => {
      market.advanceTo(Date.now());
      scheduleStep();
    },
    (Math.floor(now / STEP_MS) + 1) * STEP_MS - now,
  );
};

await app.listen({ port: PORT, host: '127.0.0.1' });
scheduleStep();

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  clearTimeout(stepTimer);
  await app.close();
  await database.close();
  rmSync(dataDirectory, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
