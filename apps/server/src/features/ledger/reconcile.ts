import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { DIFFERENCES_MAX, type LedgerDifference, type ReportDifference } from './differences';
import { checkAccountChains, checkEntries, checkLegacyChain, checkPostingsHaveEntries, readChainHeads } from './chains';
import { checkCheckpoints } from './checkpoints';

export { DIFFERENCES_MAX, type DifferenceKind, type LedgerDifference } from './differences';

/** Problems listed as text at most; past this the report says how many more there were. */
const PROBLEMS_MAX = 100;

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

/**
 * Verifies the whole ledger (DESIGN.md §3, docs/architecture.md "The ledger's chains"): postings sum to
 * zero per currency and per entry, every balance equals the sum of its postings, no balance that must
 * not be negative is, every entry's hash covers its content, every account's chain links each posting
 * to the one before with the running balance right and ends at the account's head, every posting has
 * its entry, the checkpoints link up and each leaf they pinned is still in its chain, and the global
 * chain the ledger had before the account chains is intact from genesis to its frozen head.
 *
 * Safe on a ledger that is being written (the scheduled run): the chain heads are read first and each
 * chain is walked up to them; each sum is one statement, so it sees whole entries only.
 */
export async function reconcile(db: Kysely<Database>): Promise<ReconcileReport> {
  const problems: string[] = [];
  const differences: LedgerDifference[] = [];
  let omitted = 0;
  let differencesOmitted = 0;
  const report: ReportDifference = (kind, text, named = {}) => {
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

  const head = await db.selectFrom('ledger_head').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!head) report('head', 'ledger head is missing');
  // Every account's chain head as of the start: each chain is walked up to here, so a posting committed
  // meanwhile is left for the next run instead of looking like a head that ran ahead.
  const accountsAtStart = await readChainHeads(db);

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

  await checkLegacyChain(db, head, report);
  const entriesChecked = await checkEntries(db, head?.account_chains_from ?? 1, report);
  await checkAccountChains(db, accountsAtStart, report);
  await checkPostingsHaveEntries(db, report);
  await checkCheckpoints(db, report);

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
