/**
 * postEntry's statements, written out by hand (issue 12). Every money flow in the server runs them, so
 * they skip the query builder (a quarter of the ledger's profile on SQLite) and, on PostgreSQL, take two
 * round trips per entry instead of one per posting plus five:
 *
 * 1. `move`: lock the entry's accounts in id order, move their balances under the no-negative
 *    condition and return each account's chain head before the move; PostgreSQL also draws the entry's
 *    id and reads the standing-halt count in the same statement.
 * 2. `write`: insert entries and their postings and move the accounts' chain heads (one statement on
 *    PostgreSQL; on SQLite, which has no data-modifying WITH and no round trips to save, one multi-row
 *    insert per table and one head update, per ROWS_PER_STATEMENT_SQLITE rows).
 *
 * A batch (entry-batch.ts) runs `move` per entry and one `write` for all its entries at the end, and
 * moves each platform account once with `moveAccounts` (all its queued postings' sum and count).
 *
 * The texts depend only on the dialect (PostgreSQL takes arrays) or on the row count (SQLite, at most
 * ROWS_PER_STATEMENT_SQLITE rows; longer lists go in chunks), so each is built once.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dialectOf } from '../../db/connection';
import { bigintText } from '../../core/columns';
import { PLATFORM_USER_ID } from './accounts';

/** One posting of the entry being written, accounts in ascending id order. */
export interface PostingToMove {
  accountId: number;
  currencyId: number;
  amount: bigint;
}

/** An account the `move` statement moved: its head before the posting and what the entry needs of it. */
export interface MovedAccountRow {
  id: number;
  /** The balance after the posting, as text. */
  balance: string;
  /** The posting's place in the account's chain, as text. */
  sequence: string;
  /** The chain head before this posting (the statement does not touch it). */
  chain_hash: string;
  book: string;
  user_id: number;
  kind: string;
}

export interface MoveResult {
  /** The accounts moved, in id order; fewer than asked when a debit would have gone below zero. */
  moved: MovedAccountRow[];
  /** The entry's id, drawn after the moves (PostgreSQL: from the sequence; SQLite: under its one writer). */
  entryId: number | null;
  haltsActive: number | null;
}

export interface PostingToWrite extends PostingToMove {
  balanceAfter: bigint;
  sequence: number;
  chainHash: string;
}

/** A posting row: a posting with its figures and the entry it belongs to. */
export interface PostingRowToWrite extends PostingToWrite {
  entryId: number;
}

/** An account's chain head after the postings written with it. */
export interface ChainHead {
  accountId: number;
  chainHash: string;
}

/** Several postings' worth of one account moved at once: their sum, and how many there are. */
export interface AccountChange extends PostingToMove {
  count: number;
}

/** An account moved by several postings at once, with what its postings' running figures start from. */
export interface ChangedAccountRow {
  id: number;
  /** The balance after all of them, as text. */
  balance: string;
  /** The account's posting count after all of them, as text. */
  sequence: string;
  /** The chain head before the first of them. */
  chain_hash: string;
  book: string;
  allow_negative: number;
}

export interface EntryRow {
  id: number;
  createdAt: number;
  reasonCode: string;
  referenceType: string;
  referenceId: string;
  actorType: string;
  actorId: string;
  memo: string;
  tickId: string | null;
  tickSource: string | null;
  previousHash: string;
  hash: string;
}

/** No name here is also a column of the statements' other sources, so none needs its table. */
const ACCOUNT_RETURNING =
  'cast(balance_units as text) as balance, cast(posting_count as text) as sequence, chain_hash, book, user_id, kind';

/**
 * The sub-select takes the row locks in one order whatever plan the update gets, so two writers never
 * lock the same accounts in opposite orders; the update only ever touches rows it already holds. The
 * order is the customers' accounts first, then the platform's (user 0), each in id order: an entry batch
 * (entry-batch.ts) holds customers' accounts while it runs and takes the platform's at its flush, so an
 * entry that took a platform row first (platform accounts have the low ids) and then waited for a
 * customer the batch holds would close a cycle with it (a fast-trade settlement against a trigger-close
 * batch, both wanting the trading house). The halt count is a plain read, as before: see postEntry.
 */
const MOVE_POSTGRES = `with moved as (
  update ledger_account as account
     set balance_units = account.balance_units + change.amount, posting_count = account.posting_count + 1
    from (select id from ledger_account where id = any($1::bigint[]) order by user_id = ${PLATFORM_USER_ID}, id for update) as locked,
         unnest($1::bigint[], $2::bigint[], $3::bigint[]) as change (account_id, amount, currency_id)
   where account.id = locked.id and account.id = change.account_id and account.currency_id = change.currency_id
     and (account.allow_negative = 1 or account.balance_units + change.amount >= 0)
  returning account.id, ${ACCOUNT_RETURNING}
), entry as materialized (select nextval('journal_entry_id_sequence') as id)
select moved.*, cast(entry.id as text) as entry_id,
       (select halts_active from ledger_head where id = 1) as halts_active
  from moved cross join entry order by moved.id`;

/** One entry (postEntry outside a batch), its postings and the accounts' new heads. */
const WRITE_ONE_POSTGRES = `with entry as (
  insert into journal_entry (id, created_at, reason_code, reference_type, reference_id, actor_type, actor_id,
                             memo, tick_id, tick_source, previous_hash, hash)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
), posted as (
  insert into posting (entry_id, account_id, currency_id, amount_units, balance_after_units, account_sequence, chain_hash)
  select $1, link.account_id, link.currency_id, link.amount, link.balance_after, link.sequence, link.hash
    from unnest($13::bigint[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[], $18::text[])
         as link (account_id, currency_id, amount, balance_after, sequence, hash)
)
update ledger_account as account set chain_hash = head.hash
  from unnest($13::bigint[], $18::text[]) as head (account_id, hash)
 where account.id = head.account_id`;

/**
 * A whole batch's entries (entry-batch.ts), their postings and the accounts' new heads. Chain heads move
 * last: the rows are locked by the moves already, so their order does not matter here. Postings are
 * inserted in the order given, so an entry's postings keep neighbouring ids. (A lone entry's row goes in
 * as plain values, WRITE_ONE_POSTGRES: through twelve one-element arrays it cost single entries about a
 * tenth of their rate on bench:ledger.)
 */
const WRITE_MANY_POSTGRES = `with entry as (
  insert into journal_entry (id, created_at, reason_code, reference_type, reference_id, actor_type, actor_id,
                             memo, tick_id, tick_source, previous_hash, hash)
  select * from unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
), posted as (
  insert into posting (entry_id, account_id, currency_id, amount_units, balance_after_units, account_sequence, chain_hash)
  select * from unnest($13::int[], $14::bigint[], $15::bigint[], $16::bigint[], $17::bigint[], $18::bigint[], $19::text[])
)
update ledger_account as account set chain_hash = head.hash
  from unnest($20::bigint[], $21::text[]) as head (account_id, hash)
 where account.id = head.account_id`;

/** The same condition as MOVE_POSTGRES, for an account's several postings at once (platform accounts: id order). */
const MOVE_MANY_POSTGRES = `update ledger_account as account
     set balance_units = account.balance_units + change.amount, posting_count = account.posting_count + change.count
    from (select id from ledger_account where id = any($1::bigint[]) order by id for update) as locked,
         unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) as change (account_id, amount, currency_id, count)
   where account.id = locked.id and account.id = change.account_id and account.currency_id = change.currency_id
     and (account.allow_negative = 1 or account.balance_units + change.amount >= 0)
  returning account.id, cast(balance_units as text) as balance, cast(posting_count as text) as sequence, chain_hash,
            book, allow_negative`;

/** One account moved by one posting (postEntry) or by several at once (moveAccounts). */
const MOVE_SQLITE = `update ledger_account
   set balance_units = balance_units + cast(? as bigint), posting_count = posting_count + ?
 where id = ? and currency_id = ? and (allow_negative = 1 or balance_units + cast(? as bigint) >= 0)
returning id, ${ACCOUNT_RETURNING}, allow_negative`;

/** Under SQLite's one writer (the moves above took the write lock) max(id) + 1 is this entry's. */
const NEXT_ENTRY_SQLITE = `select coalesce(max(id), 0) + 1 as entry_id,
       (select halts_active from ledger_head where id = 1) as halts_active
  from journal_entry`;

/**
 * Rows per multi-row statement on SQLite: a batch's entries and postings go in a few statements, and the
 * longest text binds 64 x 12 = 768 values, far under SQLite's 32,766.
 */
const ROWS_PER_STATEMENT_SQLITE = 64;

function repeated(count: number, text: string, separator: string): string {
  return Array.from({ length: count }, () => text).join(separator);
}

/** Texts by row count: index n holds the text for n rows. */
function byRowCount(build: (count: number) => string): string[] {
  return Array.from({ length: ROWS_PER_STATEMENT_SQLITE + 1 }, (_, count) => (count === 0 ? '' : build(count)));
}

const INSERT_ENTRIES_SQLITE = byRowCount(
  (count) =>
    'insert into journal_entry (id, created_at, reason_code, reference_type, reference_id, actor_type, actor_id, ' +
    'memo, tick_id, tick_source, previous_hash, hash) values ' +
    repeated(count, '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', ', '),
);

const INSERT_POSTINGS_SQLITE = byRowCount(
  (count) =>
    'insert into posting (entry_id, account_id, currency_id, amount_units, balance_after_units, account_sequence, chain_hash) values ' +
    repeated(count, '(?, ?, ?, cast(? as bigint), cast(? as bigint), ?, ?)', ', '),
);

const MOVE_HEADS_SQLITE = byRowCount(
  (count) =>
    `update ledger_account set chain_hash = case id ${repeated(count, 'when ? then ?', ' ')} end ` +
    `where id in (${repeated(count, '?', ', ')})`,
);

async function rowsOf<Row>(transaction: Kysely<Database>, text: string, parameters: readonly unknown[]) {
  return (await transaction.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
}

/** Statement 1: moves every balance of the entry, or fewer when one would go below zero (see MoveResult). */
export async function moveBalances(
  transaction: Kysely<Database>,
  postings: readonly PostingToMove[],
): Promise<MoveResult> {
  if (dialectOf(transaction) === 'postgres') {
    const rows = await rowsOf<MovedAccountRow & { entry_id: string; halts_active: number }>(
      transaction,
      MOVE_POSTGRES,
      [
        postings.map((posting) => posting.accountId),
        postings.map((posting) => bigintText(posting.amount)),
        postings.map((posting) => posting.currencyId),
      ],
    );
    return {
      moved: rows.map((row) => ({ ...row, id: Number(row.id) })),
      entryId: rows.length > 0 ? Number(rows[0]!.entry_id) : null,
      haltsActive: rows.length > 0 ? Number(rows[0]!.halts_active) : null,
    };
  }
  const moved: MovedAccountRow[] = [];
  for (const posting of postings) {
    const row = await moveAccountSqlite(transaction, { ...posting, count: 1 });
    // The first refusal ends the entry: the caller's transaction rolls back what moved before it.
    if (!row) return { moved, entryId: null, haltsActive: null };
    moved.push(row);
  }
  const [next] = await rowsOf<{ entry_id: number; halts_active: number }>(transaction, NEXT_ENTRY_SQLITE, []);
  return { moved, entryId: Number(next!.entry_id), haltsActive: Number(next!.halts_active) };
}

/** The values of journal_entry's columns and posting's, in the order the statements name them. */
const ENTRY_COLUMN_COUNT = 12;
const POSTING_COLUMN_COUNT = 7;

function entryValues(entry: EntryRow): unknown[] {
  return [
    entry.id,
    entry.createdAt,
    entry.reasonCode,
    entry.referenceType,
    entry.referenceId,
    entry.actorType,
    entry.actorId,
    entry.memo,
    entry.tickId,
    entry.tickSource,
    entry.previousHash,
    entry.hash,
  ];
}

function postingValues(posting: PostingRowToWrite): unknown[] {
  return [
    posting.entryId,
    posting.accountId,
    posting.currencyId,
    bigintText(posting.amount),
    bigintText(posting.balanceAfter),
    posting.sequence,
    posting.chainHash,
  ];
}

/** Statement 2 for one entry (postEntry outside a batch): the entry, its postings and the accounts' new heads. */
export async function writeEntry(
  transaction: Kysely<Database>,
  entry: EntryRow,
  postings: readonly PostingToWrite[],
): Promise<void> {
  if (dialectOf(transaction) === 'postgres') {
    await rowsOf(transaction, WRITE_ONE_POSTGRES, [
      ...entryValues(entry),
      postings.map((posting) => posting.accountId),
      postings.map((posting) => posting.currencyId),
      postings.map((posting) => bigintText(posting.amount)),
      postings.map((posting) => bigintText(posting.balanceAfter)),
      postings.map((posting) => posting.sequence),
      postings.map((posting) => posting.chainHash),
    ]);
    return;
  }
  await writeEntries(
    transaction,
    [entry],
    postings.map((posting) => ({ ...posting, entryId: entry.id })),
    postings.map((posting) => ({ accountId: posting.accountId, chainHash: posting.chainHash })),
  );
}

/**
 * Statement 2 for a batch (entry-batch.ts): entries, their postings and the accounts' new chain heads
 * (`heads`: one per account).
 */
export async function writeEntries(
  transaction: Kysely<Database>,
  entries: readonly EntryRow[],
  postings: readonly PostingRowToWrite[],
  heads: readonly ChainHead[],
): Promise<void> {
  if (dialectOf(transaction) === 'postgres') {
    await rowsOf(transaction, WRITE_MANY_POSTGRES, [
      ...asColumns(entries.map(entryValues), ENTRY_COLUMN_COUNT),
      ...asColumns(postings.map(postingValues), POSTING_COLUMN_COUNT),
      heads.map((head) => head.accountId),
      heads.map((head) => head.chainHash),
    ]);
    return;
  }
  await inChunks(entries, (chunk) =>
    rowsOf(transaction, INSERT_ENTRIES_SQLITE[chunk.length]!, chunk.flatMap(entryValues)),
  );
  await inChunks(postings, (chunk) =>
    rowsOf(transaction, INSERT_POSTINGS_SQLITE[chunk.length]!, chunk.flatMap(postingValues)),
  );
  await inChunks(heads, (chunk) =>
    rowsOf(transaction, MOVE_HEADS_SQLITE[chunk.length]!, [
      ...chunk.flatMap((head) => [head.accountId, head.chainHash]),
      ...chunk.map((head) => head.accountId),
    ]),
  );
}

/** PostgreSQL takes many rows as one array per column. */
function asColumns(rows: readonly unknown[][], width: number): unknown[][] {
  return Array.from({ length: width }, (_, index) => rows.map((row) => row[index]));
}

/** Runs `write` over `rows` in chunks of at most ROWS_PER_STATEMENT_SQLITE, in order. */
async function inChunks<Row>(rows: readonly Row[], write: (chunk: readonly Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT_SQLITE)
    await write(rows.slice(start, start + ROWS_PER_STATEMENT_SQLITE));
}

/** Moves several postings' worth of each account at once, in id order; fewer rows back when one would go below zero. */
export async function moveAccounts(
  transaction: Kysely<Database>,
  changes: readonly AccountChange[],
): Promise<ChangedAccountRow[]> {
  if (dialectOf(transaction) === 'postgres') {
    const rows = await rowsOf<ChangedAccountRow>(transaction, MOVE_MANY_POSTGRES, [
      changes.map((change) => change.accountId),
      changes.map((change) => bigintText(change.amount)),
      changes.map((change) => change.currencyId),
      changes.map((change) => change.count),
    ]);
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((left, right) => left.id - right.id);
  }
  const moved: ChangedAccountRow[] = [];
  for (const change of changes) {
    const row = await moveAccountSqlite(transaction, change);
    if (!row) break;
    moved.push(row);
  }
  return moved;
}

/** MOVE_SQLITE for one account: its row after the move, or undefined when it would go below zero. */
async function moveAccountSqlite(
  transaction: Kysely<Database>,
  change: AccountChange,
): Promise<(MovedAccountRow & ChangedAccountRow) | undefined> {
  const amount = bigintText(change.amount);
  const [row] = await rowsOf<MovedAccountRow & ChangedAccountRow>(transaction, MOVE_SQLITE, [
    amount,
    change.count,
    change.accountId,
    change.currencyId,
    amount,
  ]);
  return row;
}
