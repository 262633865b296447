/**
 * Entry batches: for transactions that post many entries for many customers (the coin-to-coin batch, a
 * tick's trigger-close batch), the entries are written together at the end and the platform's postings
 * move the platform's accounts last.
 *
 * Why the platform last: without a global head, a transaction holds each account it posted to until it
 * commits. A batch that posted a fee at its first command held `fee_income` while it went on to lock
 * later customers' accounts, and a customer's own call (a freeze, then a fee) held that customer and
 * waited for `fee_income`: a deadlock, about one a second under the cluster kill test, each costing
 * PostgreSQL's deadlock_timeout (1 s) and a rolled-back batch. A batch that holds platform rows only
 * while it waits for other platform rows, taken in id order, cannot close a cycle through them.
 *
 * Why the entries together (issue 12, "one statement per batch"): postEntry still moves its customers'
 * balances at once (the no-negative condition is decided there, and the batch's later commands read
 * those balances), but the entry row, its postings and the accounts' new chain heads wait here. `flush`,
 * just before the commit, moves each platform account once (all its postings, in id order) and writes
 * every queued entry, posting and head in one statement on PostgreSQL (a few multi-row ones on SQLite):
 * one round trip per entry instead of two, and one more per batch.
 *
 * The rules that hold: an entry and all its postings commit together or not at all (flush runs in the
 * entries' transaction; a savepoint rolled back drops what it queued, `rollbackTo`); each account's chain
 * and running balances are exactly as if posted one by one (a posting links to the head the batch holds
 * for its account, `headOf`, before the row's); a platform account that may not go negative is checked
 * at every posting, and the batch fails if one would (InsufficientBalanceError at flush). Nothing in a
 * batch may read journal_entry, posting or ledger_account.chain_hash before the flush: they are not
 * written yet. Balances and posting counts are.
 */
import type { Kysely } from 'kysely';
import { canonicalChainLinkText } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { PLATFORM_USER_ID } from './accounts';
import { entryHash } from './entry-hash';
import {
  moveAccounts,
  writeEntries,
  type ChainHead,
  type EntryRow,
  type PostingRowToWrite,
  type PostingToMove,
  type PostingToWrite,
} from './entry-statements';
import { InsufficientBalanceError, LedgerInvariantError } from './ledger-errors';

/** What postEntry needs of an account it does not lock yet. Fixed once the account exists. */
export interface AccountFacts {
  userId: number;
  kind: string;
  book: string;
}

interface QueuedEntry {
  row: EntryRow;
  /** The postings moved when the entry was posted, with their figures. */
  postings: PostingToWrite[];
  /** The platform postings, moved and given their figures at the flush. */
  platformPostings: PostingToMove[];
}

/** Accounts whose facts one transaction keeps; a batch sees far fewer (64 commands, a few accounts each). */
const ACCOUNT_FACTS_KEPT_MAX = 10_000;

/**
 * Entries one batch may queue. The batches that use this are bounded far below it (64 coin-to-coin
 * commands, 32 trigger closes, a few entries each); more is a caller's bug, refused before memory is.
 */
const ENTRIES_QUEUED_MAX = 10_000;

const registry = new WeakMap<Kysely<Database>, EntryBatch>();

/** The batch of the transaction postEntry runs in, if that transaction asked for one. */
export function entryBatchOf(transaction: Kysely<Database>): EntryBatch | undefined {
  return registry.get(transaction);
}

/**
 * Runs `work` in `transaction` as one entry batch, and flushes it before returning, so the caller's
 * commit carries the entries. `work` may mark and roll back around savepoints.
 */
export async function withEntryBatch<Result>(
  transaction: Kysely<Database>,
  work: (batch: EntryBatch) => Promise<Result>,
): Promise<Result> {
  if (registry.has(transaction)) throw new LedgerInvariantError('this transaction already runs an entry batch');
  const batch = new EntryBatch();
  registry.set(transaction, batch);
  try {
    const result = await work(batch);
    await batch.flush(transaction);
    return result;
  } finally {
    registry.delete(transaction);
  }
}

export class EntryBatch {
  private readonly entries: QueuedEntry[] = [];
  /** Each account's chain head after its last queued posting (postings moved at once only). */
  private readonly heads = new Map<number, string>();
  private readonly facts = new Map<number, AccountFacts>();

  /** Where the queue stands, to roll back to when a savepoint is rolled back. */
  mark(): number {
    return this.entries.length;
  }

  rollbackTo(mark: number): void {
    if (mark >= this.entries.length) return;
    this.entries.length = mark;
    this.heads.clear();
    for (const entry of this.entries)
      for (const posting of entry.postings) this.heads.set(posting.accountId, posting.chainHash);
  }

  /**
   * Splits an entry's postings into those to move now and the platform ones to queue. An entry with no
   * customer posting moves everything now: it would otherwise queue an entry none of whose accounts moved.
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

  /** The chain head an account's next posting links to, when this batch has moved it; else undefined. */
  headOf(accountId: number): string | undefined {
    return this.heads.get(accountId);
  }

  /**
   * The id of the entry being posted, given the one its move drew. PostgreSQL's sequence only grows, so
   * that one stands; SQLite's `max(id) + 1` does not see the queued entries, which come first.
   */
  entryIdAfterQueued(drawnId: number): number {
    const last = this.entries.at(-1);
    return last ? Math.max(drawnId, last.row.id + 1) : drawnId;
  }

  /** Queues an entry: its row, its postings already moved (with their figures) and its platform postings. */
  queue(row: EntryRow, postings: readonly PostingToWrite[], platformPostings: readonly PostingToMove[]): void {
    if (this.entries.length >= ENTRIES_QUEUED_MAX)
      throw new LedgerInvariantError(`an entry batch queued more than ${ENTRIES_QUEUED_MAX} entries`);
    this.entries.push({ row, postings: [...postings], platformPostings: [...platformPostings] });
    for (const posting of postings) this.heads.set(posting.accountId, posting.chainHash);
  }

  /**
   * Moves each platform account once, in id order, gives the platform postings their running figures,
   * then writes every queued entry with its postings (in the order they came) and every account's head.
   */
  async flush(transaction: Kysely<Database>): Promise<void> {
    if (this.entries.length === 0) return;
    const platformFigures = await this.movePlatformAccounts(transaction);
    const postings: PostingRowToWrite[] = [];
    for (const entry of this.entries) {
      for (const posting of entry.postings) postings.push({ ...posting, entryId: entry.row.id });
      for (const posting of entry.platformPostings) postings.push(platformFigures.get(posting)!);
    }
    const heads = new Map(this.heads);
    for (const posting of platformFigures.values()) heads.set(posting.accountId, posting.chainHash);
    const headList: ChainHead[] = [...heads].map(([accountId, chainHash]) => ({ accountId, chainHash }));
    await writeEntries(
      transaction,
      this.entries.map((entry) => entry.row),
      postings,
      headList,
    );
    this.entries.length = 0;
    this.heads.clear();
  }

  /** The platform postings' rows, each figured in the order its entry was queued. */
  private async movePlatformAccounts(transaction: Kysely<Database>): Promise<Map<PostingToMove, PostingRowToWrite>> {
    const figures = new Map<PostingToMove, PostingRowToWrite>();
    const byAccount = new Map<number, { posting: PostingToMove; entry: EntryRow }[]>();
    for (const entry of this.entries)
      for (const posting of entry.platformPostings) {
        const list = byAccount.get(posting.accountId) ?? [];
        list.push({ posting, entry: entry.row });
        byAccount.set(posting.accountId, list);
      }
    if (byAccount.size === 0) return figures;
    const accountIds = [...byAccount.keys()].sort((left, right) => left - right);
    const changes = accountIds.map((accountId) => {
      const list = byAccount.get(accountId)!;
      return {
        accountId,
        currencyId: list[0]!.posting.currencyId,
        amount: list.reduce((sum, queued) => sum + queued.posting.amount, 0n),
        count: list.length,
      };
    });
    const rows = await moveAccounts(transaction, changes);
    const refused = accountIds.find((accountId, index) => rows[index]?.id !== accountId);
    if (refused !== undefined) throw new InsufficientBalanceError(refused);

    for (const [index, accountId] of accountIds.entries()) {
      const row = rows[index]!;
      const change = changes[index]!;
      // The row holds the figures after all of them; the running ones start where they were before.
      let balance = BigInt(row.balance) - change.amount;
      let sequence = Number(row.sequence) - change.count;
      // An all-platform entry of this batch may have moved the account at once: its head is queued here.
      let head = this.heads.get(accountId) ?? row.chain_hash;
      for (const { posting, entry } of byAccount.get(accountId)!) {
        balance += posting.amount;
        sequence += 1;
        if (balance < 0n && Number(row.allow_negative) !== 1) throw new InsufficientBalanceError(accountId);
        head = entryHash(
          canonicalChainLinkText({
            previousChainHash: head,
            accountId,
            accountSequence: sequence,
            entryHash: entry.hash,
            amount: posting.amount,
            balanceAfter: balance,
          }),
        );
        figures.set(posting, { ...posting, entryId: entry.id, balanceAfter: balance, sequence, chainHash: head });
      }
    }
    return figures;
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
