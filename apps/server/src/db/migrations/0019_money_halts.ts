import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * The scheduled ledger reconcile and its money halts (issue 18 part 4; features/ledger/money-halts.ts,
 * features/customer-care/scheduled-reconcile.ts). Depends on 0002 (ledger) and 0016 (reconcile_run).
 *
 * - `money_halt`: one row per halt a reconcile run raised. `scope` says what it stops: `account` (the
 *   customer who owns `ledger_account_id`), `currency` (every customer account in `currency_id`) or
 *   `all` (every customer account). `target` names that (`account:<id>`, `currency:<id>`, `all`), and
 *   at most one halt per target stands at a time (a partial unique index), so a run that finds the
 *   same difference again adds nothing. Lifting sets `lifted_at`, `lifted_by` and `lift_reason`; the
 *   row stays as the history.
 * - `ledger_head.halts_active`: the number of standing halts, kept in the halt's own transaction. The
 *   head row is the one every ledger entry already updates first, so postEntry learns for free whether
 *   any halt stands and looks further only then.
 * - `reconcile_run.staff_id` becomes nullable: null marks a run of the schedule, not an operator's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('money_halt'), dialect)
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(40)', (c) => c.notNull())
    .addColumn('ledger_account_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('currency_id', 'integer')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('found_at', 'bigint', (c) => c.notNull())
    .addColumn('reconcile_run_id', 'integer', (c) => c.notNull())
    .addColumn('lifted_at', 'bigint')
    .addColumn('lifted_by', 'integer')
    .addColumn('lift_reason', 'varchar(500)')
    .addCheckConstraint('money_halt_scope', sql`scope in ('account', 'currency', 'all')`)
    .addCheckConstraint(
      'money_halt_names_its_target',
      sql`(scope <> 'account' or (ledger_account_id is not null and user_id is not null))
        and (scope <> 'currency' or currency_id is not null)`,
    )
    .addCheckConstraint(
      'money_halt_lift_complete',
      sql`(lifted_at is null and lifted_by is null and lift_reason is null)
        or (lifted_at is not null and lifted_by is not null and lift_reason is not null)`,
    )
    .execute();
  // At most one standing halt per target; a lifted one no longer counts.
  await db.schema
    .createIndex('money_halt_standing_target')
    .on('money_halt')
    .column('target')
    .unique()
    .where(sql.ref('lifted_at'), 'is', null)
    .execute();
  // postEntry's lookup: the standing halts of the customers an entry touches.
  await db.schema.createIndex('money_halt_user').on('money_halt').columns(['user_id', 'lifted_at']).execute();
  await db.schema.createIndex('money_halt_listing').on('money_halt').columns(['lifted_at', 'id']).execute();

  await db.schema
    .alterTable('ledger_head')
    .addColumn('halts_active', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await makeRunStaffNullable(db, dialect);
  await db.schema.createIndex('reconcile_run_by_staff').on('reconcile_run').columns(['staff_id', 'id']).execute();
}

/** PostgreSQL drops the constraint in place; SQLite cannot, so the table is rebuilt with its rows and ids. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function makeRunStaffNullable(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table reconcile_run alter column staff_id drop not null`.execute(db);
    return;
  }
  await withId(db.schema.createTable('reconcile_run_rebuilt'), dialect)
    .addColumn('ran_at', 'bigint', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('differences', 'integer', (c) => c.notNull())
    .addColumn('entries_checked', 'integer', (c) => c.notNull())
    .addColumn('accounts_checked', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer')
    .addColumn('problems_json', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.raw(
    'id, ran_at, ok, differences, entries_checked, accounts_checked, duration_ms, staff_id, problems_json',
  );
  await sql`insert into reconcile_run_rebuilt (${columns}) select ${columns} from reconcile_run`.execute(db);
  // The id counter carries over too, so no id is ever handed out twice.
  await sql`delete from sqlite_sequence where name = 'reconcile_run_rebuilt'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
    select 'reconcile_run_rebuilt', seq from sqlite_sequence where name = 'reconcile_run'`.execute(db);
  await db.schema.dropTable('reconcile_run').execute();
  await db.schema.alterTable('reconcile_run_rebuilt').renameTo('reconcile_run').execute();
}
