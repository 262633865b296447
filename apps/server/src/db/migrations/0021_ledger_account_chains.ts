import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { canonicalChainLinkText, GENESIS_HASH } from '@kestrel/domain';
import { withId, type Dialect } from './table-helpers';

/** Postings linked per statement batch while existing rows are chained. */
const POSTINGS_PER_PAGE = 1_000;

/**
 * One hash chain per ledger account instead of one for the whole ledger (issue 12; docs/architecture.md,
 * "The ledger's chains"). Every entry used to move one head row, so every writer in the system waited
 * for every other; now an entry locks only the accounts it posts to.
 *
 * - `ledger_account.posting_count`, `chain_hash`: the account's chain head (how many postings, the hash
 *   of the last). The balance update that already locks the row moves them.
 * - `posting.account_sequence`, `chain_hash`: the posting's place in its account's chain and its link
 *   hash (`canonicalChainLinkText`). Null only until this migration has linked the existing rows.
 * - `ledger_head.account_chains_from`: the first entry id under the new rule. Entries before it keep
 *   their global chain (`previous_hash`, verified up to `last_entry_id` / `last_hash`, which stop
 *   moving); entries from it carry GENESIS_HASH there and their hash covers only themselves.
 * - On PostgreSQL, entry ids come from a sequence (they may skip after a rollback; a removed entry is
 *   found by the account chains, not by a gap). SQLite has one writer and takes the next id itself.
 * - `ledger_checkpoint` and `ledger_checkpoint_leaf`: a periodic Merkle root over the chain heads that
 *   moved since the previous checkpoint, each checkpoint hash-linked to the one before (ledger/
 *   checkpoints.ts). A rewrite of history behind a checkpoint must also rewrite every checkpoint after.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('ledger_account')
    .addColumn('posting_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ledger_account')
    .addColumn('chain_hash', 'char(64)', (c) => c.notNull().defaultTo(GENESIS_HASH))
    .execute();
  await db.schema.alterTable('posting').addColumn('account_sequence', 'bigint').execute();
  await db.schema.alterTable('posting').addColumn('chain_hash', 'char(64)').execute();
  await db.schema
    .createIndex('posting_account_sequence')
    .on('posting')
    .columns(['account_id', 'account_sequence'])
    .unique()
    .execute();
  await db.schema
    .alterTable('ledger_head')
    .addColumn('account_chains_from', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  const newest = await db
    .selectFrom('journal_entry')
    .select(sql<number>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  const chainsFrom = Number(newest.id) + 1;
  await db.updateTable('ledger_head').set({ account_chains_from: chainsFrom }).where('id', '=', 1).execute();
  if (dialect === 'postgres') {
    await sql`create sequence journal_entry_id_sequence owned by journal_entry.id`.execute(db);
    await sql`select setval('journal_entry_id_sequence', ${chainsFrom}, false)`.execute(db);
  }

  await withId(db.schema.createTable('ledger_checkpoint'), dialect)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accounts_changed', 'integer', (c) => c.notNull())
    .addColumn('root_hash', 'char(64)', (c) => c.notNull())
    // Unique: two writers racing to link to the same checkpoint cannot both land (the loser retries later).
    .addColumn('previous_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('hash', 'char(64)', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('ledger_checkpoint_leaf')
    .addColumn('checkpoint_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('posting_count', 'bigint', (c) => c.notNull())
    .addColumn('chain_hash', 'char(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_checkpoint_leaf_key', ['checkpoint_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('ledger_checkpoint_leaf_account')
    .on('ledger_checkpoint_leaf')
    .columns(['account_id', 'posting_count'])
    .execute();

  await linkUnchainedPostings(db);
}

/**
 * Gives every posting without a chain link its place and link, account by account in posting id order
 * (the order the old running balances were kept in), and moves each account's head to its last link.
 * Exported for the test that runs it over a ledger written the old way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function linkUnchainedPostings(db: Kysely<any>): Promise<number> {
  let linked = 0;
  let after = { accountId: 0, postingId: 0 };
  let current: { accountId: number; count: bigint; hash: string } | null = null;
  const saveHead = async () => {
    if (!current) return;
    await db
      .updateTable('ledger_account')
      .set({ posting_count: sql`cast(${current.count.toString()} as bigint)`, chain_hash: current.hash })
      .where('id', '=', current.accountId)
      .execute();
  };
  for (;;) {
    const rows: {
      id: number;
      account_id: number;
      amount: string;
      after: string;
      entry_hash: string;
      head_count: string;
      head_hash: string;
    }[] = await db
      .selectFrom('posting')
      .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
      .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
      .select([
        'posting.id',
        'posting.account_id',
        sql<string>`cast(posting.amount_units as text)`.as('amount'),
        sql<string>`cast(posting.balance_after_units as text)`.as('after'),
        'journal_entry.hash as entry_hash',
        sql<string>`cast(ledger_account.posting_count as text)`.as('head_count'),
        'ledger_account.chain_hash as head_hash',
      ])
      .where('posting.chain_hash', 'is', null)
      .where((eb) =>
        eb.or([
          eb('posting.account_id', '>', after.accountId),
          eb.and([eb('posting.account_id', '=', after.accountId), eb('posting.id', '>', after.postingId)]),
        ]),
      )
      .orderBy('posting.account_id')
      .orderBy('posting.id')
      .limit(POSTINGS_PER_PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      if (!current || current.accountId !== row.account_id) {
        await saveHead();
        current = { accountId: row.account_id, count: BigInt(row.head_count), hash: row.head_hash };
      }
      const sequence: bigint = current.count + 1n;
      const hash: string = createHash('sha256')
        .update(
          canonicalChainLinkText({
            previousChainHash: current.hash,
            accountId: row.account_id,
            accountSequence: Number(sequence),
            entryHash: row.entry_hash,
            amount: BigInt(row.amount),
            balanceAfter: BigInt(row.after),
          }),
        )
        .digest('hex');
      await db
        .updateTable('posting')
        .set({ account_sequence: sql`cast(${sequence.toString()} as bigint)`, chain_hash: hash })
        .where('id', '=', row.id)
        .execute();
      current = { accountId: row.account_id, count: sequence, hash };
      linked += 1;
    }
    const last = rows[rows.length - 1]!;
    after = { accountId: last.account_id, postingId: last.id };
  }
  await saveHead();
  return linked;
}
