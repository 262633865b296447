import type { Kysely } from 'kysely';
import { canonicalChainLinkText, canonicalEntryText, checkEntry, GENESIS_HASH, type EntryDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { moveBalances, writeEntry, type EntryRow, type PostingToWrite } from './entry-statements';
import { feePayersOf, payReferralCommissions, type PostedLine } from './referral-commission';
import { refuseHaltedEntry } from './money-halts';
import { InsufficientBalanceError, LedgerInvariantError } from './ledger-errors';
import { entryHash } from './entry-hash';
import { entryBatchOf } from './entry-batch';

export { InsufficientBalanceError, LedgerInvariantError } from './ledger-errors';
export { entryHash } from './entry-hash';

/**
 * Appends one journal entry inside the caller's transaction and moves the balances it names.
 * Each balance moves by a conditional update (`... where balance + amount >= 0`), so no balance can go
 * negative even when requests race; the database's check constraint stands behind it. The accounts'
 * rows hold their chain heads too, so an entry locks only the accounts it posts to (in one order, so two
 * writers of one entry each never deadlock) and writers on other accounts never wait for it: there is
 * no global head. The statements are written out in entry-statements.ts (two round trips on PostgreSQL;
 * one inside an entry batch, entry-batch.ts, which writes its entries together before the commit).
 * Each posting links to its account's previous one (`canonicalChainLinkText`); reconcile walks every
 * chain and the checkpoints (checkpoints.ts) pin the heads.
 *
 * A standing money halt (money-halts.ts, raised by a reconcile run that found differences) refuses
 * what the halted customer does and what an operator does to them (`error.account_halted`).
 */
export async function postEntry(
  transaction: Kysely<Database>,
  entry: EntryDraft,
  now: number,
): Promise<{ entryId: number; hash: string }> {
  const problem = checkEntry(entry);
  if (problem)
    throw new LedgerInvariantError(`${problem}: ${entry.reasonCode} ${entry.referenceType}:${entry.referenceId}`);

  // Sorted by account: the rows come back in this order. (The lock order is in entry-statements' `move`.)
  const sorted = [...entry.postings].sort((left, right) => left.accountId - right.accountId);
  // In an entry batch (entry-batch.ts) only customers' accounts are locked and moved now; the platform's
  // postings wait for the batch's flush, and so do the entry's rows.
  const batch = entryBatchOf(transaction);
  const { now: postings, later: queued } = batch ? await batch.split(transaction, sorted) : { now: sorted, later: [] };
  const { moved, entryId: drawnId, haltsActive } = await moveBalances(transaction, postings);

  // The halt count is a plain read, no lock: with no halt standing the check costs nothing more. Entries
  // the system makes are let through: they settle what the platform already owes or holds (an expiring
  // trade, a liquidation, interest, a commission, an allocation), pay nothing out of the platform, and
  // refusing them would stall jobs that serve every other customer. It is checked before a refused debit
  // is reported, so a halted customer hears of the halt; every throw here rolls the caller's transaction
  // back, the balances just moved included.
  const halts = haltsActive ?? (await haltsStanding(transaction));
  if (halts > 0 && entry.actorType !== 'system') await refuseHaltedEntry(transaction, entry);
  if (moved.length !== postings.length || drawnId === null) {
    const refused = postings.find((posting, index) => moved[index]?.id !== posting.accountId)!;
    const exists = await transaction
      .selectFrom('ledger_account')
      .select('currency_id')
      .where('id', '=', refused.accountId)
      .executeTakeFirst();
    if (!exists || exists.currency_id !== refused.currencyId)
      throw new LedgerInvariantError(
        `posting to account ${refused.accountId} in the wrong currency or a missing account`,
      );
    throw new InsufficientBalanceError(refused.accountId);
  }
  // Demo money can never reach a real account: an entry lives in exactly one book.
  const books = new Set([
    ...moved.map((account) => account.book),
    ...queued.map((posting) => batch!.factsOf(posting.accountId)!.book),
  ]);
  if (books.size !== 1)
    throw new LedgerInvariantError(`entry mixes ledger books (${[...books].join(', ')}): ${entry.reasonCode}`);

  const entryId = batch ? batch.entryIdAfterQueued(drawnId) : drawnId;
  // No global predecessor any more: GENESIS_HASH stands in the field the old chain linked through.
  const hash = entryHash(canonicalEntryText(GENESIS_HASH, entryId, now, entry));
  const written: PostingToWrite[] = postings.map((posting, index) => {
    const account = moved[index]!;
    const balanceAfter = BigInt(account.balance);
    const sequence = Number(account.sequence);
    // The move did not touch chain_hash, so the row holds the head before this posting, unless a batch
    // holds a newer one it has not written yet.
    const chainHash = entryHash(
      canonicalChainLinkText({
        previousChainHash: batch?.headOf(posting.accountId) ?? account.chain_hash,
        accountId: posting.accountId,
        accountSequence: sequence,
        entryHash: hash,
        amount: posting.amount,
        balanceAfter,
      }),
    );
    return { ...posting, balanceAfter, sequence, chainHash };
  });
  const row: EntryRow = {
    id: entryId,
    createdAt: now,
    reasonCode: entry.reasonCode,
    referenceType: entry.referenceType,
    referenceId: entry.referenceId,
    actorType: entry.actorType,
    actorId: entry.actorId,
    memo: entry.memo,
    tickId: entry.tickId,
    tickSource: entry.tickSource,
    previousHash: GENESIS_HASH,
    hash,
  };
  if (batch) batch.queue(row, written, queued);
  else await writeEntry(transaction, row, written);
  // A fee just earned pays its referral commissions now, in this transaction (referral-commission.ts).
  const lines: PostedLine[] = [
    ...postings.map((posting, index) => {
      const account = moved[index]!;
      return { ...posting, userId: account.user_id, kind: account.kind, book: account.book };
    }),
    ...queued.map((posting) => ({ ...posting, ...batch!.factsOf(posting.accountId)! })),
  ];
  const payers = feePayersOf(entry, lines);
  if (payers.length > 0)
    await payReferralCommissions(transaction, { entryId, reasonCode: entry.reasonCode }, payers, now, postEntry);
  return { entryId, hash };
}

/** The standing-halt count, read on its own only when the move refused before reading it. */
async function haltsStanding(transaction: Kysely<Database>): Promise<number> {
  const control = await transaction
    .selectFrom('ledger_head')
    .select('halts_active')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(control.halts_active);
}
