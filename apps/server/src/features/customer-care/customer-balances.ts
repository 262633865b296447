import type { Kysely } from 'kysely';
import { formatDecimal } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';

/** How a customer's ledger kinds are shown: staked principal and its accrued yield together. */
const SHOWN_KIND: Record<string, 'available' | 'frozen' | 'margin' | 'staked'> = {
  available: 'available',
  frozen: 'frozen',
  margin: 'margin',
  staked: 'staked',
  staking_yield: 'staked',
};

export interface ShownBalance {
  book: string;
  currencyId: number;
  currencyName: string;
  available: string;
  frozen: string;
  margin: string;
  staked: string;
}

/**
 * Every ledger account of the given customers with a non-zero balance, per book and currency, in
 * decimal text at the currency's scale. Read straight from the ledger, so it is what reconcile checks.
 */
export async function customerBalances(db: Kysely<Database>, userIds: readonly number[]): Promise<ShownBalance[]> {
  const rows = await db
    .selectFrom('ledger_account as account')
    .innerJoin('platform_currency as currency', 'currency.id', 'account.currency_id')
    .select([
      'account.book',
      'account.currency_id',
      'account.kind',
      'currency.currency_name',
      'currency.scale',
      unitsText('account.balance_units', 'units'),
    ])
    .where('account.user_id', 'in', userIds)
    .orderBy('account.book', 'desc')
    .orderBy('currency.sort')
    .orderBy('account.currency_id')
    .execute();
  const shown = new Map<string, { row: (typeof rows)[number]; units: Record<string, bigint> }>();
  for (const row of rows) {
    const units = BigInt(row.units);
    const kind = SHOWN_KIND[row.kind];
    if (units === 0n || !kind) continue;
    const key = `${row.book}:${row.currency_id}`;
    const entry = shown.get(key) ?? { row, units: { available: 0n, frozen: 0n, margin: 0n, staked: 0n } };
    entry.units[kind] = (entry.units[kind] ?? 0n) + units;
    shown.set(key, entry);
  }
  return [...shown.values()].map(({ row, units }) => ({
    book: row.book,
    currencyId: row.currency_id,
    currencyName: row.currency_name,
    available: formatDecimal(units.available ?? 0n, row.scale),
    frozen: formatDecimal(units.frozen ?? 0n, row.scale),
    margin: formatDecimal(units.margin ?? 0n, row.scale),
    staked: formatDecimal(units.staked ?? 0n, row.scale),
  }));
}
