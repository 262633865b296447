import { sql, type Kysely } from 'kysely';
import { canonicalEntryText, GENESIS_HASH, type ActorType, type EntryDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { entryHash } from './post-entry';
import { unitsText } from '../../core/columns';

/** Problems listed at most; past this the report says how many more there were. */
const PROBLEMS_MAX = 100;
const ENTRIES_PER_BATCH = 1_000;

export interface ReconcileReport {
  ok: boolean;
  entriesChecked: number;
  accountsChecked: number;
  problems: string[];
  problemsOmitted: number;
}

/**
 * Verifies the whole ledger (DESIGN.md §3): postings sum to zero per currency and per entry, every
 * balance equals the sum of its postings, no balance that must not be negative is, the running
 * balances agree, and the hash chain is intact from genesis to the head.
 */
export async function reconcile(db: Kysely<Database>): Promise<ReconcileReport> {
  const problems: string[] = [];
  let omitted = 0;
  const report = (problem: string) => (problems.length < PROBLEMS_MAX ? problems.push(problem) : (omitted += 1));

  const perCurrency = await db
    .selectFrom('posting')
    .select(['currency_id', sql<string>`cast(sum(amount_units) as text)`.as('total')])
    .groupBy('currency_id')
    .execute();
  for (const row of perCurrency)
    if (BigInt(row.total) !== 0n) report(`currency ${row.currency_id}: postings sum to ${row.total}, not 0`);

  const unbalancedEntries = await db
    .selectFrom('posting')
    .select(['entry_id', 'currency_id', sql<string>`cast(sum(amount_units) as text)`.as('total')])
    .groupBy(['entry_id', 'currency_id'])
    .having(sql`sum(amount_units)`, '!=', 0)
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of unbalancedEntries)
    report(`entry ${row.entry_id}: currency ${row.currency_id} sums to ${row.total}`);

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
      report(`account ${account.id}: balance ${account.balance} but postings sum to ${account.posted}`);
    if (account.allow_negative !== 1 && BigInt(account.balance) < 0n)
      report(`account ${account.id}: negative balance ${account.balance}`);
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
      if (entry.id !== entriesChecked + 1) report(`entry ids jump from ${entriesChecked} to ${entry.id}`);
      if (entry.previous_hash !== previousHash)
        report(`entry ${entry.id}: previous hash does not match entry ${entry.id - 1}`);
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
        report(`entry ${entry.id}: hash does not match its content`);
      for (const posting of entryPostings) {
        const after = (runningBalance.get(posting.account_id) ?? 0n) + BigInt(posting.amount);
        runningBalance.set(posting.account_id, after);
        if (after !== BigInt(posting.after))
          report(
            `entry ${entry.id}: running balance of account ${posting.account_id} is ${posting.after}, expected ${after}`,
          );
      }
      previousHash = entry.hash;
      entriesChecked += 1;
    }
    afterId = entries[entries.length - 1]!.id;
  }
  const head = await db.selectFrom('ledger_head').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!head) report('ledger head is missing');
  else if (head.last_hash !== previousHash || Number(head.last_entry_id) !== entriesChecked)
    report(`ledger head (${head.last_entry_id}) does not match the last entry (${entriesChecked})`);

  return {
    ok: problems.length === 0,
    entriesChecked,
    accountsChecked: accounts.length,
    problems,
    problemsOmitted: omitted,
  };
}
