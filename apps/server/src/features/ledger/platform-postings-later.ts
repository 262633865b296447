/**
 * Platform postings written last, for transactions that post many entries for many customers (the
 * coin-to-coin batch, a tick's trigger-close batch).
 *
 * Why: without a global head, a transaction holds each account it posted to until it commits. A batch
 * that posted a fee at its first command held `fee_income` while it went on to lock later customers'
 * accounts, and a customer's own call (a freeze, then a fee) held that customer and waited for
 * `fee_income`: a deadlock, about one a second under the cluster kill test, each costing PostgreSQL's
 * deadlock_timeout (1 s) and a rolled-back batch. Meanwhile every fee-paying call in the system queued
 * behind the batch's whole run.
 *
 * With this, such a batch locks only customers' accounts while it runs; its entries and their customer
 * postings are written at once, and their platform postings wait here until `flush`, just before the
 * commit, which moves each platform account once (all its postings, in id order) and writes the postings
 * with their running balances and chain links in order. A batch that holds platform rows only while it
 * waits for other platform rows, taken in id order, cannot close a cycle through them.
 *
 * The rules that hold: an entry and all its postings commit together or not at all (flush runs in the
 * entry's transaction; a savepoint rolled back drops what it queued, `rollbackTo`); each account's chain
 * and running balances are exactly as if posted one by one; a platform account that may not go negative
 * is checked at every posting, and the batch fails if one would (InsufficientBalanceError at flush).
 */
import type { Kysely } from 'kysely';
import { canonicalChainLinkText } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { PLATFORM_USER_ID } from './accounts';
import { entryHash } from './entry-hash';
import { moveAccounts, writeLatePostings, type LatePostingToWrite, type PostingToMove } from './entry-statements';
import { InsufficientBalanceError, LedgerInvariantError } from './ledger-errors';

/** What postEntry needs of an account it does not lock yet. Fixed once the account exists. */
export interface AccountFacts {
  userId: number;
  kind: string;
  book: string;
}

interface QueuedPosting extends PostingToMove {
  entryId: number;
  entryHash: string;
}

/** Accounts whose facts one transaction keeps; a batch sees far fewer (64 commands, a few accounts each). */
const ACCOUNT_FACTS_KEPT_MAX = 10_000;

const registry = new WeakMap<Kysely<Database>, PlatformPostingsLater>();

/** The queue of the transaction postEntry runs in, if that transaction asked for one. */
export function platformPostingsLaterOf(transaction: Kysely<Database>): PlatformPostingsLater | undefined {
  return registry.get(transaction);
}

/**
 * Runs `work` in `transaction` with platform postings written last, and flushes them before returning,
 * so the caller's commit carries them. `work` may mark and roll back around savepoints.
 */
export async function withPlatformPostingsLast<Result>(
  transaction: Kysely<Database>,
  work: (later: PlatformPostingsLater) => Promise<Result>,
): Promise<Result> {
  if (registry.has(transaction)) throw new LedgerInvariantError('platform postings are already written last here');
  const later = new PlatformPostingsLater();
  registry.set(transaction, later);
  try {
    const result = await work(later);
    await later.flush(transaction);
    return result;
  } finally {
    registry.delete(transaction);
  }
}

export class PlatformPostingsLater {
  private readonly queued: QueuedPosting[] = [];
  private readonly facts = new Map<number, AccountFacts>();

  /** Where the queue stands, to roll back to when a savepoint is rolled back. */
  mark(): number {
    return this.queued.length;
  }

  rollbackTo(mark: number): void {
    this.queued.length = Math.min(this.queued.length, mark);
  }

  /**
   * Splits an entry's postings into those to move now and the platform ones to queue. An entry with no
   * customer posting moves everything now: it would otherwise write an entry whose postings all come later.
   */
  async split(
    transaction: Kysely<Database>,
    postings: readonly PostingToMove[],
  ): Promise<{ now: PostingToMove[]; later: PostingToMove[] }> {
    await this.learn(
      transaction,
      postings.map((posting) => posting.accountId),
    );
    const isPlatform = (posting: PostingToMove) => this.facts.get(posting.accountId)?.userId === PLATFORM_USER_ID;
    const later = postings.filter(isPlatform);
    if (later.length === 0 || later.length === postings.length) return { now: [...postings], later: [] };
    return { now: postings.filter((posting) => !isPlatform(posting)), later };
  }

  factsOf(accountId: number): AccountFacts | undefined {
    return this.facts.get(accountId);
  }

  /** Queues an entry's platform postings; its row and customer postings are already written. */
  queue(entryId: number, hash: string, postings: readonly PostingToMove[]): void {
    for (const posting of postings) this.queued.push({ ...posting, entryId, entryHash: hash });
  }

  /** Moves each queued account once, in id order, and writes the queued postings in the order they came. */
  async flush(transaction: Kysely<Database>): Promise<void> {
    if (this.queued.length === 0) return;
    const byAccount = new Map<number, QueuedPosting[]>();
    for (const posting of this.queued) {
      const list = byAccount.get(posting.accountId) ?? [];
      list.push(posting);
      byAccount.set(posting.accountId, list);
    }
    const accountIds = [...byAccount.keys()].sort((left, right) => left - right);
    const changes = accountIds.map((accountId) => {
      const list = byAccount.get(accountId)!;
      return {
        accountId,
        currencyId: list[0]!.currencyId,
        amount: list.reduce((sum, posting) => sum + posting.amount, 0n),
        count: list.length,
      };
    });
    const rows = await moveAccounts(transaction, changes);
    const refused = accountIds.find((accountId, index) => rows[index]?.id !== accountId);
    if (refused !== undefined) throw new InsufficientBalanceError(refused);

    const postings: LatePostingToWrite[] = [];
    const heads: { accountId: number; chainHash: string }[] = [];
    for (const [index, accountId] of accountIds.entries()) {
      const row = rows[index]!;
      const change = changes[index]!;
      // The row holds the figures after all of them; the running ones start where they were before.
      let balance = BigInt(row.balance) - change.amount;
      let sequence = Number(row.sequence) - change.count;
      let head = row.chain_hash;
      for (const posting of byAccount.get(accountId)!) {
        balance += posting.amount;
        sequence += 1;
        if (balance < 0n && Number(row.allow_negative) !== 1) throw new InsufficientBalanceError(accountId);
        head = entryHash(
          canonicalChainLinkText({
            previousChainHash: head,
            accountId,
            accountSequence: sequence,
            entryHash: posting.entryHash,
            amount: posting.amount,
            balanceAfter: balance,
          }),
        );
        postings.push({ ...posting, balanceAfter: balance, sequence, chainHash: head });
      }
      heads.push({ accountId, chainHash: head });
    }
    await writeLatePostings(transaction, postings, heads);
    this.queued.length = 0;
  }

  /** Reads (without a lock) the facts of accounts not seen yet in this transaction. */
  private async learn(transaction: Kysely<Database>, accountIds: readonly number[]): Promise<void> {
    const unknown = accountIds.filter((accountId) => !this.facts.has(accountId));
    if (unknown.length === 0) return;
    if (this.facts.size + unknown.length > ACCOUNT_FACTS_KEPT_MAX) this.facts.clear();
    const rows = await transaction
      .selectFrom('ledger_account')
      .select(['id', 'user_id', 'kind', 'book'])
      .where('id', 'in', unknown)
      .execute();
    for (const row of rows) this.facts.set(row.id, { userId: row.user_id, kind: row.kind, book: row.book });
  }
}
