import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PLATFORM_USER_ID } from '../ledger/accounts';

/** Problems listed at most per check. */
const PROBLEMS_MAX = 100;

export interface DemoIsolationReport {
  ok: boolean;
  problems: string[];
}

/**
 * Verifies that demo money cannot have reached a real account, at the level of reconcile:
 * - no journal entry has postings in both books (money only moves within one book);
 * - every ledger account of a demo customer (accountType 2) is in the demo book;
 * - no other customer owns an account in the demo book.
 * With the per-book zero sums that reconcile checks, these mean the demo book is a closed system.
 */
export async function demoBookIsolated(db: Kysely<Database>): Promise<DemoIsolationReport> {
  const problems: string[] = [];

  const mixedEntries = await db
    .selectFrom('posting')
    .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
    .select('posting.entry_id')
    .groupBy('posting.entry_id')
    .having(sql`count(distinct account.book)`, '>', 1)
    .orderBy('posting.entry_id')
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of mixedEntries) problems.push(`entry ${row.entry_id}: postings in both the real and the demo book`);

  const demoCustomersOutside = await db
    .selectFrom('ledger_account as account')
    .innerJoin('user_account as customer', 'customer.id', 'account.user_id')
    .select(['account.id', 'account.user_id', 'account.book'])
    .where('customer.account_type', '=', 2)
    .where('account.book', '!=', 'demo')
    .orderBy('account.id')
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of demoCustomersOutside) {
    problems.push(`account ${row.id}: demo customer ${row.user_id} has an account in the ${row.book} book`);
  }

  const othersInside = await db
    .selectFrom('ledger_account as account')
    .leftJoin('user_account as customer', 'customer.id', 'account.user_id')
    .select(['account.id', 'account.user_id'])
    .where('account.book', '=', 'demo')
    .where('account.user_id', '!=', PLATFORM_USER_ID)
    .where((where) => where.or([where('customer.account_type', 'is', null), where('customer.account_type', '!=', 2)]))
    .orderBy('account.id')
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of othersInside)
    problems.push(`account ${row.id}: user ${row.user_id} is not a demo customer but has a demo account`);

  return { ok: problems.length === 0, problems };
}
