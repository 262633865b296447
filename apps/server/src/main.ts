import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createSimulatedMarket } from '@kestrel/market';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/connection';
import { FileOutboxNotifier, SmtpNotifier } from './notify/notifier';
import { DEMO_CUSTOMER } from './seed/seed';
import { ensureFirstAdmin } from './features/staff/first-admin';
import { OffsetClock } from './test-clock';

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
  const market = createSimulatedMarket({ seed: config.marketSeed, clock: Date.now });
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
  });

  // The embedded default is tried by one person on their machine: give them an operator at once.
  const firstAdminFile = seedDemoData ? await ensureFirstAdmin(database.db, config.dataDirectory, Date.now()) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing: finishing in-flight requests');
    market.stop();
    await app.close();
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
      outbox: config.smtpUrl ? 'smtp' : outbox.file,
      demoCustomer: seedDemoData ? DEMO_CUSTOMER : undefined,
      console: `http://${config.host}:${config.port}/admin/`,
      firstOperator: firstAdminFile ? `created: name, password and TOTP secret in ${firstAdminFile}` : undefined,
    },
    `Kestrel is up: http://${config.host}:${config.port}/`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
