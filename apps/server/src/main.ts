import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createSimulatedMarket } from '@kestrel/market';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/connection';
import { FileOutboxNotifier, SmtpNotifier } from './notify/notifier';
import { DEMO_CUSTOMER } from './seed/seed';
import { ensureFirstAdmin } from './features/staff/first-admin';
import { OffsetClock } from './test-clock';
import { openClusterBus } from './core/cluster-bus';
import { SLOW_REQUEST_MS } from './http/request-log';

/**
 * In a cluster, the address where the other processes reach this one (forwarded coin-to-coin orders):
 * the same app on a loopback port of its own, since the public port is shared by every process.
 */
async function listenInternally(app: () => FastifyInstance | undefined): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const ready = app();
    if (ready) return ready.routing(request, response);
    response.statusCode = 503;
    response.end();
  });
  // Exclusive: in a cluster worker, a plain listen(0) would share one port among all workers through
  // the primary, and a forwarded order could land on any of them instead of the writer.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('internal listener has no port');
  return { server, url: `http://127.0.0.1:${address.port}` };
}

/** Runs the server: configuration from the environment, then listen, then close gracefully on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDirectory, { recursive: true });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDirectory, 'kestrel.sqlite'),
  });
  const outbox = new FileOutboxNotifier(path.join(config.dataDirectory, 'outbox.jsonl'));
  const notifier = config.smtpUrl ? new SmtpNotifier(config.smtpUrl, config.smtpFrom, outbox) : outbox;
  // A cluster's processes share one price path from the launcher's start, every step walked.
  const market = createSimulatedMarket({
    seed: config.marketSeed,
    clock: Date.now,
    ...(config.marketStartMs === undefined ? {} : { startTimeMs: config.marketStartMs, catchUpStepsMax: Infinity }),
  });
  const bus = await openClusterBus(config.databaseUrl, config.redisUrl, (error) =>
    console.error('cluster bus:', error),
  );
  // The internal listener exists before the app does (its address goes into the app): it answers 503 until then.
  const built: { app?: FastifyInstance } = {};
  const internal = bus.shared ? await listenInternally(() => built.app) : undefined;
  // The embedded default is for trying Kestrel out, so it gets a demo customer; a PostgreSQL install only on request.
  const seedDemoData = process.env.KESTREL_DEMO_DATA ? process.env.KESTREL_DEMO_DATA === '1' : !config.databaseUrl;
  const testClock = config.testClock ? new OffsetClock() : undefined;
  const { app } = await buildApp({
    config,
    database,
    market,
    notifier,
    seedDemoData,
    testClock,
    clock: testClock?.read,
    bus,
    internalUrl: internal?.url,
  });
  built.app = app;

  // The embedded default is tried by one person on their machine: give them an operator at once.
  const firstAdminFile = seedDemoData ? await ensureFirstAdmin(database.db, config.dataDirectory, Date.now()) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing: finishing in-flight requests');
    market.stop();
    internal?.server.close();
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  market.start();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.dialect,
      market: `${market.source} (seed ${JSON.stringify(config.marketSeed)})`,
      cluster: bus.shared
        ? { redis: 'connected', internal: internal?.url, worker: process.env.KESTREL_WORKER }
        : undefined,
      outbox: config.smtpUrl ? 'smtp' : outbox.file,
      demoCustomer: seedDemoData ? DEMO_CUSTOMER : undefined,
      console: `http://${config.host}:${config.port}/admin/`,
      firstOperator: firstAdminFile ? `created: name, password and TOTP secret in ${firstAdminFile}` : undefined,
      // Said once here, so a quiet log is not mistaken for a broken one.
      requestLog: `failures, requests over ${SLOW_REQUEST_MS} ms and customers' money actions; LOG_LEVEL=debug for every request`,
    },
    `Kestrel is up: http://${config.host}:${config.port}/`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
