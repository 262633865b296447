import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { canonicalChainLinkText, canonicalEntryText, checkEntry, GENESIS_HASH, type EntryDraft } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { dialectOf } from '../../db/connection';
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

interface MovedAccount {
  balanceAfter: bigint;
  /** The posting's place in its account's chain. */
  sequence: number;
  previousChainHash: string;
}

/**
 * The id the next entry takes. PostgreSQL draws it from a sequence, so concurrent writers never wait
 * for each other here (a rolled-back draw leaves a gap, which reconcile does not mind). SQLite has a
 * single writer, and by now this transaction holds the write lock (the balance updates took it).
 */
async function nextEntryId(transaction: Kysely<Database>): Promise<number> {
  const next =
    dialectOf(transaction) === 'postgres'
      ? await sql<{ id: string }>`select nextval('journal_entry_id_sequence') as id`.execute(transaction)
      : await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from journal_entry`.execute(transaction);
  return Number(next.rows[0]!.id);
}

/**
 * Appends one journal entry inside the caller's transaction and moves the balances it names.
 * Each balance moves by a conditional update (`... where balance + amount >= 0`), so no balance can go
 * negative even when requests race; the database's check constraint stands behind it. The same update
 * moves the account's chain head, so an entry locks only the accounts it posts to (sorted, so two
 * writers never deadlock) and writers on other accounts never wait for it: there is no global head.
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

  // A plain read, no lock: with no halt standing the check costs one indexed row. Entries the system
  // makes are let through: they settle what the platform already owes or holds (an expiring trade, a
  // liquidation, interest, a commission, an allocation), pay nothing out of the platform, and refusing
  // them would stall jobs that serve every other customer. A throw here rolls the caller's transaction back.
  const control = await transaction
    .selectFrom('ledger_head')
    .select('halts_active')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  if (Number(control.halts_active) > 0 && entry.actorType !== 'system') await refuseHaltedEntry(transaction, entry);

  // Sorted by account so two transactions on PostgreSQL lock rows in the same order and never deadlock.
  const postings = [...entry.postings].sort((left, right) => left.accountId - right.accountId);
  const moved: MovedAccount[] = [];
  const books = new Set<string>();
  const lines: PostedLine[] = [];
  for (const posting of postings) {
    const amount = posting.amount.toString();
    const updated = await transaction
      .updateTable('ledger_account')
      .set({
        balance_units: sql`balance_units + cast(${amount} as bigint)`,
        posting_count: sql`posting_count + 1`,
      })
      .where('id', '=', posting.accountId)
      .where('currency_id', '=', posting.currencyId)
      .where(sql<boolean>`(allow_negative = 1 or balance_units + cast(${amount} as bigint) >= 0)`)
      .returning([
        unitsText('balance_units', 'balance'),
        unitsText('posting_count', 'sequence'),
        'chain_hash',
        'book',
        'user_id',
        'kind',
      ])
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
    // The update did not touch chain_hash, so what it returns is the head before this posting.
    moved.push({
      balanceAfter: BigInt(updated.balance),
      sequence: Number(updated.sequence),
      previousChainHash: updated.chain_hash,
    });
    books.add(updated.book);
    lines.push({ ...posting, userId: updated.user_id, kind: updated.kind, book: updated.book });
  }
  // Demo money can never reach a real account: an entry lives in exactly one book. Throwing here
  // rolls the caller's transaction back, balances included.
  if (books.size !== 1)
    throw new LedgerInvariantError(`entry mixes ledger books (${[...books].join(', ')}): ${entry.reasonCode}`);

  const entryId = await nextEntryId(transaction);
  // No global predecessor any more: GENESIS_HASH stands in the field the old chain linked through.
  const hash = entryHash(canonicalEntryText(GENESIS_HASH, entryId, now, entry));
  const links = postings.map((posting, index) => {
    const account = moved[index]!;
    return entryHash(
      canonicalChainLinkText({
        previousChainHash: account.previousChainHash,
        accountId: posting.accountId,
        accountSequence: account.sequence,
        entryHash: hash,
        amount: posting.amount,
        balanceAfter: account.balanceAfter,
      }),
    );
  });
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
      previous_hash: GENESIS_HASH,
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
        balance_after_units: bigintValue(moved[index]!.balanceAfter),
        account_sequence: moved[index]!.sequence,
        chain_hash: links[index]!,
      })),
    )
    .execute();
  // Every head in one statement; the rows are already locked by the balance updates above.
  await transaction
    .updateTable('ledger_account')
    .set({
      chain_hash: sql<string>`case id ${sql.join(
        postings.map((posting, index) => sql`when ${posting.accountId} then ${links[index]!}`),
        sql` `,
      )} end`,
    })
    .where(
      'id',
      'in',
      postings.map((posting) => posting.accountId),
    )
    .execute();
  // A fee just earned pays its referral commissions now, in this transaction (referral-commission.ts).
  const payers = feePayersOf(entry, lines);
  if (payers.length > 0)
    await payReferralCommissions(transaction, { entryId, reasonCode: entry.reasonCode }, payers, now, postEntry);
  return { entryId, hash };
}
