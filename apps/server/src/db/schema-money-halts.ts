import type { Generated } from 'kysely';

/** Tables of the scheduled reconcile's money halts (migration 0019; see schema.ts for the conventions). */
export interface MoneyHaltTables {
  money_halt: MoneyHaltTable;
}

/** What a halt stops: one customer (named by the account that disagreed), a currency, or everything. */
export type MoneyHaltScope = 'account' | 'currency' | 'all';

/** A halt a reconcile run raised; standing while `lifted_at` is null. */
export interface MoneyHaltTable {
  id: Generated<number>;
  scope: MoneyHaltScope;
  /** `account:<ledger account id>`, `currency:<currency id>` or `all`: one standing halt per target. */
  target: string;
  /** scope account: the ledger account whose figures disagree, and its owner. */
  ledger_account_id: number | null;
  user_id: number | null;
  /** scope account: that account's currency; scope currency: the currency halted. */
  currency_id: number | null;
  /** The difference that raised it, as reconcile wrote it. */
  reason: string;
  found_at: number;
  reconcile_run_id: number;
  lifted_at: number | null;
  lifted_by: number | null;
  lift_reason: string | null;
}
