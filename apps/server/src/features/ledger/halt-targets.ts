import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PLATFORM_USER_ID } from './accounts';
import type { HaltTarget } from './money-halts';
import { DIFFERENCES_MAX, type LedgerDifference, type ReconcileReport } from './reconcile';

/** Ids per `in (...)` list: far below either database's limit on bound parameters. */
const IDS_PER_QUERY = 500;

export interface HaltPlan {
  targets: HaltTarget[];
  /** Platform accounts the differences name: reported in the alarm, never halted (money-halts.ts). */
  platformAccountIds: number[];
}

function chunks<Item>(items: readonly Item[]): Item[][] {
  const result: Item[][] = [];
  for (let start = 0; start < items.length; start += IDS_PER_QUERY)
    result.push(items.slice(start, start + IDS_PER_QUERY));
  return result;
}

/** The accounts each difference names, directly or through its entries' postings. */
async function accountsNamed(
  db: Kysely<Database>,
  differences: readonly LedgerDifference[],
): Promise<Map<LedgerDifference, number[]>> {
  const entryIds = [...new Set(differences.flatMap((difference) => difference.entryIds))];
  const accountsOfEntry = new Map<number, number[]>();
  for (const ids of chunks(entryIds)) {
    const postings = await db
      .selectFrom('posting')
      .select(['entry_id', 'account_id'])
      .where('entry_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const posting of postings)
      accountsOfEntry.set(posting.entry_id, [...(accountsOfEntry.get(posting.entry_id) ?? []), posting.account_id]);
  }
  return new Map(
    differences.map((difference) => [
      difference,
      [
        ...new Set([
          ...difference.accountIds,
          ...difference.entryIds.flatMap((entryId) => accountsOfEntry.get(entryId) ?? []),
        ]),
      ],
    ]),
  );
}

/**
 * What a run's differences halt (money-halts.ts says why each scope):
 * - a balance that disagrees with its postings, a negative balance, a running balance, an unbalanced
 *   entry, a broken hash link: the customers owning the accounts named (each account its own halt);
 * - a currency whose postings do not sum to zero: that currency;
 * - a gap in the entry ids or a head that does not match, or more differences than the run could
 *   name: everything.
 * Targets come out in a stable order, one per target, with the first difference that named it.
 */
export async function haltPlanOf(
  db: Kysely<Database>,
  report: Pick<ReconcileReport, 'differences' | 'differencesOmitted'>,
): Promise<HaltPlan> {
  const targets = new Map<string, HaltTarget>();
  const add = (key: string, target: HaltTarget) => {
    if (!targets.has(key)) targets.set(key, target);
  };
  if (report.differencesOmitted > 0)
    add('all', {
      scope: 'all',
      ledgerAccountId: null,
      userId: null,
      currencyId: null,
      reason: `more than ${DIFFERENCES_MAX} differences: not every affected account can be named`,
    });

  const named = await accountsNamed(db, report.differences);
  const accountIds = [...new Set([...named.values()].flat())];
  const owners = new Map<number, { userId: number; currencyId: number }>();
  for (const ids of chunks(accountIds)) {
    const rows = await db
      .selectFrom('ledger_account')
      .select(['id', 'user_id', 'currency_id'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) owners.set(row.id, { userId: row.user_id, currencyId: row.currency_id });
  }

  const platformAccountIds = new Set<number>();
  for (const difference of report.differences) {
    if (difference.kind === 'head' || difference.kind === 'entry_id_gap' || difference.kind === 'checkpoint') {
      add('all', { scope: 'all', ledgerAccountId: null, userId: null, currencyId: null, reason: difference.text });
      continue;
    }
    if (difference.kind === 'currency_sum' && difference.currencyId !== null) {
      add(`currency:${difference.currencyId}`, {
        scope: 'currency',
        ledgerAccountId: null,
        userId: null,
        currencyId: difference.currencyId,
        reason: difference.text,
      });
      continue;
    }
    for (const accountId of named.get(difference) ?? []) {
      const owner = owners.get(accountId);
      // An account id no row has (a posting to a deleted account) is named in the alarm's text only.
      if (!owner) continue;
      if (owner.userId === PLATFORM_USER_ID) {
        platformAccountIds.add(accountId);
        continue;
      }
      add(`account:${accountId}`, {
        scope: 'account',
        ledgerAccountId: accountId,
        userId: owner.userId,
        currencyId: owner.currencyId,
        reason: difference.text,
      });
    }
  }
  return {
    targets: [...targets.values()],
    platformAccountIds: [...platformAccountIds].sort((left, right) => left - right),
  };
}
