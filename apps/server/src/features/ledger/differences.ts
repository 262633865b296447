/**
 * Differences kept in structured form at most. A halt needs every affected account named, so this is
 * far above what a report lists as text; a run past it cannot name them all, and says so
 * (`differencesOmitted`).
 */
export const DIFFERENCES_MAX = 1_000;

/**
 * Which rule a difference broke. The scheduled reconcile halts money movement by kind
 * (customer-care/reconcile-runs.ts, ledger/halt-targets.ts): an account's own figures name that
 * account, an entry's figures name its postings' accounts, a currency's sum names the currency, and
 * the legacy chain's ends (a gap in its entry ids, its head) and a broken checkpoint chain name nobody.
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
  | 'head'
  | 'chain_link'
  | 'account_head'
  | 'entry_postings'
  | 'posting_entry'
  | 'checkpoint'
  | 'checkpoint_leaf';

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

export type Named = Partial<Pick<LedgerDifference, 'accountIds' | 'entryIds' | 'currencyId'>>;

/** How a check reports what it found (reconcile.ts keeps the list and its bounds). */
export type ReportDifference = (kind: DifferenceKind, text: string, named?: Named) => void;
