// npm run reconcile — verifies the whole ledger of the configured database (DATABASE_URL or the
// SQLite file under KESTREL_DATA_DIR) and exits non-zero on any difference.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { reconcile } from '../features/ledger/reconcile';
import { newestCheckpoint } from '../features/ledger/checkpoints';

const config = loadConfig();
const sqliteFile = path.join(config.dataDirectory, 'kestrel.sqlite');
if (!config.databaseUrl && !existsSync(sqliteFile)) {
  console.error(`no database: ${sqliteFile} does not exist and DATABASE_URL is not set`);
  process.exit(2);
}
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile });
try {
  await migrate(database.db, database.dialect);
  const report = await reconcile(database.db);
  console.log(
    `ledger (${database.dialect}): ${report.entriesChecked} entries, ${report.accountsChecked} accounts checked`,
  );
  for (const problem of report.problems) console.log(`  problem: ${problem}`);
  if (report.problemsOmitted > 0) console.log(`  ... and ${report.problemsOmitted} more`);
  const checkpoint = await newestCheckpoint(database.db);
  console.log(
    checkpoint
      ? `newest checkpoint: ${checkpoint.id} at ${new Date(checkpoint.createdAt).toISOString()}, hash ${checkpoint.hash}`
      : 'newest checkpoint: none yet (the scheduled reconcile writes them)',
  );
  console.log(report.ok ? 'reconcile: clean' : 'reconcile: DIFFERENCES FOUND');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
