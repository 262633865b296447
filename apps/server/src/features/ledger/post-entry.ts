import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { canonicalEntryText, checkEntry, type EntryDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { bigintValue, unitsText } from '../../core/columns';
import { feePayersOf, payReferralCommissions, type PostedLine } from './referral-commission';
import { refuseHaltedEntry } from './money-halts';

/** A broken rule of the ledger itself: a bug, never a customer's mistake, so it is not translated. */
export class LedgerInvariantError extends Error {}

/** A debit would take an account below zero. Callers turn it into the refusal that fits their feature. */
export class InsufficientBalanceError extends Error {
  constructor(readonly accountId: number) {
    super(`insufficient balance on ledger account ${accountId}`);
  }
}

export function entryHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Appends one journal entry inside the caller's transaction and moves the balances it names.
 * Each balance moves by a conditional update (`... where balance + amount >= 0`), so no balance can go
 * negative even when requests race; the database's check constraint stands behind it. The ledger
 * head row serializes writers and carries the hash chain.
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

  const head = await transaction
    .updateTable('ledger_head')
    .set({ last_entry_id: sql`last_entry_id + 1` })
    .where('id', '=', 1)
    .returning(['last_entry_id', 'last_hash', 'halts_active'])
    .executeTakeFirstOrThrow();
  const entryId = Number(head.last_entry_id);
  // The halt count comes with the head this update takes anyway, so with no halt standing the check
  // costs nothing; with one, it is one indexed query. Entries the system makes are let through: they
  // settle what the platform already owes or holds (an expiring trade, a liquidation, interest, a
  // commission, an allocation), pay nothing out of the platform, and refusing them would stall jobs
  // that serve every other customer. A throw here rolls the caller's transaction back, the head included.
  if (Number(head.halts_active) > 0 && entry.actorType !== 'system') await refuseHaltedEntry(transaction, entry);

  // Sorted by account so two transactions on PostgreSQL lock rows in the same order and never deadlock.
  const postings = [...entry.postings].sort((left, right) => left.accountId - right.accountId);
  const balancesAfter: string[] = [];
  const books = new Set<string>();
  const lines: PostedLine[] = [];
  for (const posting of postings) {
    const amount = posting.amount.toString();
    const updated = await transaction
      .updateTable('ledger_account')
      .set({ balance_units: sql`balance_units + cast(${amount} as bigint)` })
      .where('id', '=', posting.accountId)
      .where('currency_id', '=', posting.currencyId)
      .where(sql<boolean>`(allow_negative = 1 or balance_units + cast(${amount} as bigint) >= 0)`)
      .returning([unitsText('balance_units', 'balance'), 'book', 'user_id', 'kind'])
      .executeTakeFirst();
    if (!updated) {
      const exists = await transaction
        .selectFrom('ledger_account')
        .select('currency_id')
        .where('id', '=', posting.accountId)
        .executeTakeFirst();
      if (!exists || exists.currency_id !== posting.currencyId)
        throw new LedgerInvariantError(
          `posting to account ${posting.accountId} in the wrong currency or a missing account`,
        );
      throw new InsufficientBalanceError(posting.accountId);
    }
    balancesAfter.push(updated.balance);
    books.add(updated.book);
    lines.push({ ...posting, userId: updated.user_id, kind: updated.kind, book: updated.book });
  }
  // Demo money can never reach a real account: an entry lives in exactly one book. Throwing here
  // rolls the caller's transaction back, balances included.
  if (books.size !== 1)
    throw new LedgerInvariantError(`entry mixes ledger books (${[...books].join(', ')}): ${entry.reasonCode}`);

  const hash = entryHash(canonicalEntryText(head.last_hash, entryId, now, entry));
  await transaction
    .insertInto('journal_entry')
    .values({
      id: entryId,
      created_at: now,
      reason_code: entry.reasonCode,
      reference_type: entry.referenceType,
      reference_id: entry.referenceId,
      actor_type: entry.actorType,
      actor_id: entry.actorId,
      memo: entry.memo,
      tick_id: entry.tickId,
      tick_source: entry.tickSource,
      previous_hash: head.last_hash,
      hash,
    })
    .execute();
  await transaction
    .insertInto('posting')
    .values(
      postings.map((posting, index) => ({
        entry_id: entryId,
        account_id: posting.accountId,
        currency_id: posting.currencyId,
        amount_units: bigintValue(posting.amount),
        balance_after_units: sql<string>`cast(${balancesAfter[index]!} as bigint)`,
      })),
    )
    .execute();
  await transaction.updateTable('ledger_head').set({ last_hash: hash }).where('id', '=', 1).execute();
  // A fee just earned pays its referral commissions now, in this transaction (referral-commission.ts).
  const payers = feePayersOf(entry, lines);
  if (payers.length > 0)
    await payReferralCommissions(transaction, { entryId, reasonCode: entry.reasonCode }, payers, now, postEntry);
  return { entryId, hash };
}
