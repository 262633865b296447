/**
 * Double-entry journal rules (DESIGN.md §3), pure: what makes an entry valid, and the canonical text
 * its hash is computed over. The server applies entries; this module decides whether they may exist.
 */

export type ActorType = 'customer' | 'system' | 'operator';

export interface PostingDraft {
  accountId: number;
  currencyId: number;
  /** Signed units at the currency's scale: positive credits the account, negative debits it. */
  amount: bigint;
}

export interface EntryDraft {
  /** Why money moved, e.g. `deposit.confirmed`, `withdrawal.requested`, `exchange.convert`. */
  reasonCode: string;
  referenceType: string;
  referenceId: string;
  actorType: ActorType;
  /** The customer's or operator's id, or the job's name. */
  actorId: string;
  memo: string;
  /** The price tick that decided the amounts, where one did. */
  tickId: string | null;
  tickSource: string | null;
  postings: readonly PostingDraft[];
  /**
   * Who paid the fee this entry credits to fee income, when the entry holds more than one customer (a
   * coin-to-coin fill charges both sides). Not part of the hash: it decides referral commissions, which
   * are entries of their own. Left out, the one customer of the entry paid it all.
   */
  feePayers?: readonly FeePayer[];
}

export interface FeePayer {
  userId: number;
  currencyId: number;
  /** Units of the fee this customer paid. */
  amount: bigint;
}

export const POSTINGS_PER_ENTRY_MAX = 16;

export type EntryProblem =
  | 'ledger.too_few_postings'
  | 'ledger.too_many_postings'
  | 'ledger.zero_posting'
  | 'ledger.unbalanced'
  | 'ledger.missing_reason'
  | 'ledger.missing_actor'
  | 'ledger.duplicate_account';

/** Returns the first rule the entry breaks, or null when it may be posted. */
export function checkEntry(entry: EntryDraft): EntryProblem | null {
  if (entry.postings.length < 2) return 'ledger.too_few_postings';
  if (entry.postings.length > POSTINGS_PER_ENTRY_MAX) return 'ledger.too_many_postings';
  if (!entry.reasonCode) return 'ledger.missing_reason';
  if (!entry.actorId) return 'ledger.missing_actor';
  const sums = new Map<number, bigint>();
  const accounts = new Set<number>();
  for (const posting of entry.postings) {
    if (posting.amount === 0n) return 'ledger.zero_posting';
    // One posting per account keeps the statement readable and the balance check per posting exact.
    if (accounts.has(posting.accountId)) return 'ledger.duplicate_account';
    accounts.add(posting.accountId);
    sums.set(posting.currencyId, (sums.get(posting.currencyId) ?? 0n) + posting.amount);
  }
  for (const sum of sums.values()) if (sum !== 0n) return 'ledger.unbalanced';
  return null;
}

/**
 * The text an entry's hash covers: every field that matters, in a fixed order, postings sorted by
 * account. `previousHash` chains it to the entry before, so editing any past entry breaks every
 * hash after it.
 */
export function canonicalEntryText(
  previousHash: string,
  entryId: number,
  createdAt: number,
  entry: EntryDraft,
): string {
  const postings = [...entry.postings]
    .sort((left, right) => left.accountId - right.accountId)
    .map((posting) => `${posting.accountId}:${posting.currencyId}:${posting.amount.toString()}`)
    .join(',');
  return [
    previousHash,
    entryId,
    createdAt,
    entry.reasonCode,
    entry.referenceType,
    entry.referenceId,
    entry.actorType,
    entry.actorId,
    entry.memo,
    entry.tickId ?? '',
    entry.tickSource ?? '',
    postings,
  ]
    .map((field) => String(field).replace(/\\/g, '\\\\').replace(/\|/g, '\\|'))
    .join('|');
}

export const GENESIS_HASH = '0'.repeat(64);

/** One posting as it links into its account's chain. */
export interface ChainLink {
  /** The account's chain hash before this posting (GENESIS_HASH for its first). */
  previousChainHash: string;
  accountId: number;
  /** 1 for the account's first posting, then one more for each. */
  accountSequence: number;
  /** The hash of the journal entry the posting belongs to: it covers the entry's every field. */
  entryHash: string;
  amount: bigint;
  balanceAfter: bigint;
}

/**
 * The text a posting's chain hash covers (issue 12: one chain per account instead of one global chain).
 * The account id keeps a link from being moved to another account, the sequence from being moved within
 * its own, the entry hash ties it to everything the entry says, and the previous hash to every posting
 * before it on the account: editing, removing or reordering any of them breaks every link after it.
 */
export function canonicalChainLinkText(link: ChainLink): string {
  return [
    link.previousChainHash,
    link.accountId,
    link.accountSequence,
    link.entryHash,
    link.amount.toString(),
    link.balanceAfter.toString(),
  ].join('|');
}
