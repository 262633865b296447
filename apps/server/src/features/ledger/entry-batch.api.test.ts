import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { EntryDraft } from '@kestrel/domain';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import type { Database } from '../../db/schema';
import { isRetryableConflict } from '../../core/database-errors';
import { accountId, balanceOf, PLATFORM_ACCOUNTS, platformAccount } from './accounts';
import { InsufficientBalanceError, postEntry } from './post-entry';
import { reconcile } from './reconcile';
import { withEntryBatch } from './entry-batch';

// Entry batches (entry-batch.ts) write their entries together at the end and post the platform's
// postings last: the platform's rows are not held while a batch locks customer after customer, and the
// ledger ends exactly as if each entry had been posted and written on the spot.

const USDT = 3;

function move(from: number, to: number, amount: bigint, memo = ''): EntryDraft {
  return {
    reasonCode: 'test.move',
    referenceType: 'test',
    referenceId: `${from}->${to}`,
    actorType: 'system',
    actorId: 'platform-last-test',
    memo,
    tickId: null,
    tickSource: null,
    postings: [
      { accountId: from, currencyId: USDT, amount: -amount },
      { accountId: to, currencyId: USDT, amount },
    ],
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describeOnEachDatabase('entry batches', (dialect) => {
  let server: TestServer;
  let db: Kysely<Database>;
  let fees: number;
  let alice: number;
  let bobAvailable: number;
  let bobFrozen: number;
  const now = () => server.clock.now;
  const head = (account: number) =>
    db
      .selectFrom('ledger_account')
      .select(['posting_count', 'chain_hash'])
      .where('id', '=', account)
      .executeTakeFirstOrThrow();

  const entryCount = async (reader: Kysely<Database> = db) =>
    Number(
      (
        await reader
          .selectFrom('journal_entry')
          .select((expression) => expression.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeEach(async () => {
    server = await startTestServer(dialect);
    db = server.context.database.db;
    const source = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    fees = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.feeIncome));
    alice = await accountId(db, { userId: 701, book: 'real', currencyId: USDT, kind: 'available' });
    bobAvailable = await accountId(db, { userId: 702, book: 'real', currencyId: USDT, kind: 'available' });
    bobFrozen = await accountId(db, { userId: 702, book: 'real', currencyId: USDT, kind: 'frozen' });
    await db.transaction().execute(async (transaction) => {
      await postEntry(transaction, move(source, alice, 1_000n), now());
      await postEntry(transaction, move(source, bobAvailable, 1_000n), now());
    });
  });
  afterEach(async () => {
    await server.close();
  });

  it('leaves the platform row alone until the flush, then chains its postings as if made one by one', async () => {
    const before = await head(fees);
    await db.transaction().execute((transaction) =>
      withEntryBatch(transaction, async () => {
        await postEntry(transaction, move(alice, fees, 30n), now());
        await postEntry(transaction, move(fees, bobAvailable, 10n), now());
        await postEntry(transaction, move(alice, fees, 5n), now());
        // Inside the batch: customers moved, the platform row not yet touched.
        expect(await balanceOf(transaction, alice)).toBe(965n);
        const during = await transaction
          .selectFrom('ledger_account')
          .select(['posting_count', 'chain_hash', sql<string>`cast(balance_units as text)`.as('balance')])
          .where('id', '=', fees)
          .executeTakeFirstOrThrow();
        expect(Number(during.posting_count)).toBe(Number(before.posting_count));
        expect(during.balance).toBe('0');
      }),
    );
    expect(await balanceOf(db, fees)).toBe(25n);
    expect(await balanceOf(db, bobAvailable)).toBe(1_010n);
    const postings = await db
      .selectFrom('posting')
      .select([sql<string>`cast(balance_after_units as text)`.as('after'), 'account_sequence', 'chain_hash'])
      .where('account_id', '=', fees)
      .orderBy('account_sequence')
      .execute();
    // Running balances in the order the entries were posted: +30, -10, +5.
    expect(postings.map((posting) => posting.after)).toEqual(['30', '20', '25']);
    expect(postings.map((posting) => Number(posting.account_sequence))).toEqual([1, 2, 3]);
    expect((await head(fees)).chain_hash).toBe(postings.at(-1)!.chain_hash);
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it('drops what a rolled-back savepoint queued, with the rest of what it wrote', async () => {
    await db.transaction().execute((transaction) =>
      withEntryBatch(transaction, async (batch) => {
        const mark = batch.mark();
        await sql`savepoint refused_command`.execute(transaction);
        await postEntry(transaction, move(alice, fees, 40n), now());
        await sql`rollback to savepoint refused_command`.execute(transaction);
        batch.rollbackTo(mark);
        await postEntry(transaction, move(alice, fees, 7n), now());
      }),
    );
    expect(await balanceOf(db, fees)).toBe(7n);
    expect(await balanceOf(db, alice)).toBe(993n);
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it('writes the entries at the flush, with ids in posting order and each chain linked as if written at once', async () => {
    const entriesBefore = await entryCount();
    const posted: number[] = [];
    await db.transaction().execute((transaction) =>
      withEntryBatch(transaction, async () => {
        // Alice three times in one batch: each posting must link to the one before, which is not written yet.
        posted.push((await postEntry(transaction, move(alice, bobAvailable, 1n), now())).entryId);
        posted.push((await postEntry(transaction, move(alice, fees, 2n), now())).entryId);
        posted.push((await postEntry(transaction, move(bobAvailable, alice, 4n), now())).entryId);
        expect(await entryCount(transaction)).toBe(entriesBefore);
        expect(await balanceOf(transaction, alice)).toBe(1_001n);
      }),
    );
    expect(await entryCount()).toBe(entriesBefore + 3);
    expect(posted).toEqual([...posted].sort((left, right) => left - right));
    expect(new Set(posted).size).toBe(3);
    const alicePostings = await db
      .selectFrom('posting')
      .select(['entry_id', 'account_sequence', 'chain_hash'])
      .where('account_id', '=', alice)
      .orderBy('account_sequence')
      .execute();
    expect(alicePostings.slice(-3).map((posting) => Number(posting.entry_id))).toEqual(posted);
    expect((await head(alice)).chain_hash).toBe(alicePostings.at(-1)!.chain_hash);
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it('links a posting after a rolled-back savepoint to the head before it', async () => {
    await db.transaction().execute((transaction) =>
      withEntryBatch(transaction, async (batch) => {
        await postEntry(transaction, move(alice, bobAvailable, 1n), now());
        const mark = batch.mark();
        await sql`savepoint refused_command`.execute(transaction);
        await postEntry(transaction, move(alice, bobAvailable, 2n), now());
        await postEntry(transaction, move(alice, fees, 3n), now());
        await sql`rollback to savepoint refused_command`.execute(transaction);
        batch.rollbackTo(mark);
        await postEntry(transaction, move(alice, bobAvailable, 5n), now());
      }),
    );
    expect(await balanceOf(db, alice)).toBe(994n);
    expect(await balanceOf(db, fees)).toBe(0n);
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it('checks a platform account that may not go negative at every posting: the batch fails whole', async () => {
    // Fees start at 0: paying 10 out before 20 come in dips below zero on the way, as it would on the spot.
    const attempt = db.transaction().execute((transaction) =>
      withEntryBatch(transaction, async () => {
        await postEntry(transaction, move(fees, bobAvailable, 10n), now());
        await postEntry(transaction, move(alice, fees, 20n), now());
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await balanceOf(db, fees)).toBe(0n);
    expect(await balanceOf(db, alice)).toBe(1_000n);
    expect(await balanceOf(db, bobAvailable)).toBe(1_000n);
    expect((await reconcile(db)).problems).toEqual([]);
  });

  it.skipIf(dialect !== 'postgres')(
    // PostgreSQL only: SQLite has one writer at a time, so two transactions never hold locks at once.
    'a batch no longer deadlocks with a customer who froze money and then pays a fee (it did with the fee row held) [PostgreSQL only: SQLite has one writer]',
    async () => {
      // Bob's call: a freeze (locks Bob), then a fee from the frozen money (wants the fee row). The batch:
      // Alice's fee (the fee row, on the spot), then a payment to Bob (wants Bob).
      const scenario = async (platformLast: boolean) => {
        const bobHoldsHimself = deferred();
        const batchHoldsAlice = deferred();
        const bobCall = db.transaction().execute(async (transaction) => {
          await postEntry(transaction, move(bobAvailable, bobFrozen, 100n), now());
          bobHoldsHimself.resolve();
          await batchHoldsAlice.promise;
          await postEntry(transaction, move(bobFrozen, fees, 3n), now());
        });
        const batchWork = async (transaction: Kysely<Database>) => {
          await bobHoldsHimself.promise;
          await postEntry(transaction, move(alice, fees, 2n), now());
          batchHoldsAlice.resolve();
          // A credit, so whichever of the two PostgreSQL picks as the victim, the other can finish.
          await postEntry(transaction, move(alice, bobAvailable, 1n), now());
        };
        const batch = db
          .transaction()
          .execute((transaction) =>
            platformLast ? withEntryBatch(transaction, () => batchWork(transaction)) : batchWork(transaction),
          );
        return Promise.allSettled([bobCall, batch]);
      };

      const withFeeRowHeld = await scenario(false);
      const failures = withFeeRowHeld.filter((outcome) => outcome.status === 'rejected');
      expect(failures).toHaveLength(1);
      expect(isRetryableConflict((failures[0] as PromiseRejectedResult).reason)).toBe(true);

      const platformLast = await scenario(true);
      expect(platformLast.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await reconcile(db)).problems).toEqual([]);
    },
    20_000,
  );
});
