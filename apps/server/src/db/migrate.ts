import { sql, type Kysely } from 'kysely';
import type { DialectName } from './connection';
import * as foundation from './migrations/0001_foundation';
import * as ledger from './migrations/0002_ledger';
import * as funding from './migrations/0003_funding';
import * as wallet from './migrations/0004_wallet';
import * as trading from './migrations/0005_trading';
import * as fastTrade from './migrations/0006_fast_trade';
import * as bibi from './migrations/0007_bibi';
import * as invest from './migrations/0008_invest';
import * as messages from './migrations/0009_messages';
import * as helpSupport from './migrations/0010_help_support';
import * as selfService from './migrations/0011_self_service';
import * as platformTexts from './migrations/0012_platform_texts';
import * as growth from './migrations/0013_growth';
import * as copyTrading from './migrations/0014_copy_trading';
import * as staffConsole from './migrations/0015_staff_console';
import * as operatorCustomers from './migrations/0016_operator_customers';
import * as operatorSettings from './migrations/0017_operator_settings';
import * as moneyHalts from './migrations/0019_money_halts';
import * as triggerLevelsTime from './migrations/0018_trigger_levels_time';
import * as ledgerAccountChains from './migrations/0021_ledger_account_chains';

interface Migration {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

/** In order. A migration, once released, is never edited: add a new one. */
const MIGRATIONS: readonly Migration[] = [
  { name: '0001_foundation', up: foundation.up },
  { name: '0002_ledger', up: ledger.up },
  { name: '0003_funding', up: funding.up },
  { name: '0004_wallet', up: wallet.up },
  { name: '0005_trading', up: trading.up },
  { name: '0006_fast_trade', up: fastTrade.up },
  { name: '0007_bibi', up: bibi.up },
  { name: '0008_invest', up: invest.up },
  { name: '0009_messages', up: messages.up },
  { name: '0010_help_support', up: helpSupport.up },
  { name: '0011_self_service', up: selfService.up },
  { name: '0012_platform_texts', up: platformTexts.up },
  { name: '0013_growth', up: growth.up },
  { name: '0014_copy_trading', up: copyTrading.up },
  { name: '0015_staff_console', up: staffConsole.up },
  { name: '0016_operator_customers', up: operatorCustomers.up },
  { name: '0017_operator_settings', up: operatorSettings.up },
  { name: '0019_money_halts', up: moneyHalts.up },
  { name: '0018_trigger_levels_time', up: triggerLevelsTime.up },
  { name: '0021_ledger_account_chains', up: ledgerAccountChains.up },
];

/**
 * Applies the migrations not yet applied, each in its own transaction, and records them. A small
 * runner of our own rather than Kysely's Migrator because our migrations need the dialect name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Migration
export async function migrate(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  await db.schema
    .createTable('schema_migration')
    .ifNotExists()
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  const applied = new Set(
    (await db.selectFrom('schema_migration').select('name').execute()).map((row: { name: string }) => row.name),
  );
  const ran: string[] = [];
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    await db.transaction().execute(async (transaction) => {
      if (dialect === 'postgres') await sql`LOCK TABLE schema_migration IN EXCLUSIVE MODE`.execute(transaction);
      const again = await transaction
        .selectFrom('schema_migration')
        .select('name')
        .where('name', '=', migration.name)
        .executeTakeFirst();
      if (again) return; // another process applied it while we waited for the lock
      await migration.up(transaction, dialect);
      await transaction
        .insertInto('schema_migration')
        .values({ name: migration.name, applied_at: Date.now() })
        .execute();
      ran.push(migration.name);
    });
  }
  return ran;
}
