import { sql, type Kysely } from 'kysely';
import { canonicalEntryText, GENESIS_HASH, type ActorType, type EntryDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { entryHash } from './post-entry';
import { unitsText } from '../../core/columns';

/** Problems listed as text at most; past this the report says how many more there were. */
const PROBLEMS_MAX = 100;
/**
 * Differences kept in structured form at most. A halt needs every affected account named, so this is
 * far above PROBLEMS_MAX; a run past it cannot name them all, and says so (`differencesOmitted`).
 */
export const DIFFERENCES_MAX = 1_000;
const ENTRIES_PER_BATCH = 1_000;

/**
 * Which rule a difference broke. The scheduled reconcile halts money movement by kind
 * (customer-care/reconcile-runs.ts, ledger/halt-targets.ts): an account's own figures name that
 * account, an entry's figures name its postings' accounts, a currency's sum names the currency, and
 * the chain's ends (a gap in the entry ids, the head) name nobody.
 */
export type DifferenceKind =
  | 'currency_sum'
  | 'entry_unbalanced'
  | 'balance_mismatch'
  | 'negative_balance'
  | 'entry_id_gap'
  | 'previous_hash'
  | 'entry_hash'
  | 'running_balance'
  | 'head';

export interface LedgerDifference {
  kind: DifferenceKind;
  /** The problem as `npm run reconcile` prints it. */
  text: string;
  /** Ledger accounts the difference is about. */
  accountIds: number[];
  /** Journal entries the difference is about: every account they post to is affected. */
  entryIds: number[];
  /** The currency of a per-currency sum, else null. */
  currencyId: number | null;
}

export interface ReconcileReport {
  ok: boolean;
  entriesChecked: number;
  accountsChecked: number;
  problems: string[];
  problemsOmitted: number;
  /** The same differences with what they name, at most DIFFERENCES_MAX. */
  differences: LedgerDifference[];
  differencesOmitted: number;
}

type Named = Partial<Pick<LedgerDifference, 'accountIds' | 'entryIds' | 'currencyId'>>;

/**
 * Verifies the whole ledger (DESIGN.md §3): postings sum to zero per currency and per entry, every
 * balance equals the sum of its postings, no balance that must not be negative is, the running
 * balances agree, and the hash chain is intact from genesis to the head.
 *
 * Safe on a ledger that is being written (the scheduled run): the head is read first and the chain is
 * walked up to it, so an entry committed meanwhile is left for the next run instead of looking like a
 * head that ran ahead; each sum is one statement, so it sees whole entries only.
 */
export async function reconcile(db: Kysely<Database>): Promise<ReconcileReport> {
  const problems: string[] = [];
  const differences: LedgerDifference[] = [];
  let omitted = 0;
  let differencesOmitted = 0;
  const report = (kind: DifferenceKind, text: string, named: Named = {}) => {
    if (problems.length < PROBLEMS_MAX) problems.push(text);
    else omitted += 1;
    if (differences.length < DIFFERENCES_MAX)
      differences.push({
        kind,
        text,
        accountIds: named.accountIds ?? [],
        entryIds: named.entryIds ?? [],
        currencyId: named.currencyId ?? null,
      });
    else differencesOmitted += 1;
  };

  // The head as of the start: the chain is checked up to here (see above).
  const head = await db.selectFrom('ledger_head').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!head) report('head', 'ledger head is missing');
  const headEntryId = head ? Number(head.last_entry_id) : 0;

  const perCurrency = await db
    .selectFrom('posting')
    .select(['currency_id', sql<string>`cast(sum(amount_units) as text)`.as('total')])
    .groupBy('currency_id')
    .execute();
  for (const row of perCurrency)
    if (BigInt(row.total) !== 0n)
      report('currency_sum', `currency ${row.currency_id}: postings sum to ${row.total}, not 0`, {
        currencyId: row.currency_id,
      });

  const unbalancedEntries = await db
    .selectFrom('posting')
    .select(['entry_id', 'currency_id', sql<string>`cast(sum(amount_units) as text)`.as('total')])
    .groupBy(['entry_id', 'currency_id'])
    .having(sql`sum(amount_units)`, '!=', 0)
    .limit(DIFFERENCES_MAX)
    .execute();
  for (const row of unbalancedEntries)
    report('entry_unbalanced', `entry ${row.entry_id}: currency ${row.currency_id} sums to ${row.total}`, {
      entryIds: [row.entry_id],
    });

  const accounts = await db
    .selectFrom('ledger_account as account')
    .leftJoin('posting', 'posting.account_id', 'account.id')
    .select([
      'account.id',
      'account.allow_negative',
      unitsText('account.balance_units', 'balance'),
      sql<string>`cast(coalesce(sum(posting.amount_units), 0) as text)`.as('posted'),
    ])
    .groupBy(['account.id', 'account.allow_negative', 'account.balance_units'])
    .execute();
  for (const account of accounts) {
    if (BigInt(account.balance) !== BigInt(account.posted))
      report(
        'balance_mismatch',
        `account ${account.id}: balance ${account.balance} but postings sum to ${account.posted}`,
        {
          accountIds: [account.id],
        },
      );
    if (account.allow_negative !== 1 && BigInt(account.balance) < 0n)
      report('negative_balance', `account ${account.id}: negative balance ${account.balance}`, {
        accountIds: [account.id],
      });
  }

  let previousHash = GENESIS_HASH;
  let entriesChecked = 0;
  let afterId = 0;
  const runningBalance = new Map<number, bigint>();
  for (;;) {
    const entries = await db
      .selectFrom('journal_entry')
      .selectAll()
      .where('id', '>', afterId)
      .where('id', '<=', headEntryId)
      .orderBy('id')
      .limit(ENTRIES_PER_BATCH)
      .execute();
    if (entries.length === 0) break;
    const postings = await db
      .selectFrom('posting')
      .select([
        'entry_id',
        'account_id',
        'currency_id',
        unitsText('amount_units', 'amount'),
        unitsText('balance_after_units', 'after'),
      ])
      .where('entry_id', '>=', entries[0]!.id)
      .where('entry_id', '<=', entries[entries.length - 1]!.id)
      .orderBy('id')
      .execute();
    const byEntry = new Map<number, typeof postings>();
    for (const posting of postings) byEntry.set(posting.entry_id, [...(byEntry.get(posting.entry_id) ?? []), posting]);
    for (const entry of entries) {
      const entryPostings = byEntry.get(entry.id) ?? [];
      const accountIds = entryPostings.map((posting) => posting.account_id);
      if (entry.id !== entriesChecked + 1)
        report('entry_id_gap', `entry ids jump from ${entriesChecked} to ${entry.id}`);
      // Either this entry's link or the previous entry's hash was changed: both are named.
      if (entry.previous_hash !== previousHash)
        report('previous_hash', `entry ${entry.id}: previous hash does not match entry ${entry.id - 1}`, {
          entryIds: [entry.id - 1, entry.id].filter((id) => id > 0),
        });
      const draft: EntryDraft = {
        reasonCode: entry.reason_code,
        referenceType: entry.reference_type,
        referenceId: entry.reference_id,
        actorType: entry.actor_type as ActorType,
        actorId: entry.actor_id,
        memo: entry.memo,
        tickId: entry.tick_id,
        tickSource: entry.tick_source,
        postings: entryPostings.map((posting) => ({
          accountId: posting.account_id,
          currencyId: posting.currency_id,
          amount: BigInt(posting.amount),
        })),
      };
      if (entryHash(canonicalEntryText(entry.previous_hash, entry.id, Number(entry.created_at), draft)) !== entry.hash)
        report('entry_hash', `entry ${entry.id}: hash does not match its content`, {
          accountIds,
          entryIds: [entry.id],
        });
      for (const posting of entryPostings) {
        const after = (runningBalance.get(posting.account_id) ?? 0n) + BigInt(posting.amount);
        runningBalance.set(posting.account_id, after);
        if (after !== BigInt(posting.after))
          report(
            'running_balance',
            `entry ${entry.id}: running balance of account ${posting.account_id} is ${posting.after}, expected ${after}`,
            { accountIds: [posting.account_id], entryIds: [entry.id] },
          );
      }
      previousHash = entry.hash;
      entriesChecked += 1;
    }
    afterId = entries[entries.length - 1]!.id;
  }
  if (head && (head.last_hash !== previousHash || headEntryId !== entriesChecked))
    report('head', `ledger head (${head.last_entry_id}) does not match the last entry (${entriesChecked})`);
  // An entry past the head: read the newest entry first, then the head. A committed entry moved the
  // head in its own transaction, so a head read afterwards is at least that far unless the row was
  // written around postEntry.
  const newest = await db
    .selectFrom('journal_entry')
    .select((select) => select.fn.max('id').as('id'))
    .executeTakeFirst();
  const headNow = await db.selectFrom('ledger_head').select('last_entry_id').where('id', '=', 1).executeTakeFirst();
  const newestId = newest?.id === null || newest?.id === undefined ? 0 : Number(newest.id);
  if (headNow && newestId > Number(headNow.last_entry_id))
    report('head', `entry ${newestId} is past the ledger head (${headNow.last_entry_id})`, { entryIds: [newestId] });

  return {
    ok: problems.length === 0,
    entriesChecked,
    accountsChecked: accounts.length,
    problems,
    problemsOmitted: omitted,
    differences,
    differencesOmitted,
  };
}
