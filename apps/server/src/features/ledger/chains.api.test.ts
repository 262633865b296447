import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { EntryDraft } from '@kestrel/domain';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import type { Database } from '../../db/schema';
import { linkUnchainedPostings } from '../../db/migrations/0021_ledger_account_chains';
import { accountId, balanceOf, PLATFORM_ACCOUNTS, platformAccount } from './accounts';
import { InsufficientBalanceError, postEntry } from './post-entry';
import { reconcile } from './reconcile';
import { writeCheckpoint } from './checkpoints';
import type { DifferenceKind } from './differences';

// Issue 12: one hash chain per account, checkpoints over the heads. Every way of changing history that
// the global chain caught must still be caught, on both databases, and writers on different accounts
// must no longer wait for one another.

const USDT = 3;

function transfer(from: number, to: number, amount: bigint, memo = ''): EntryDraft {
  return {
    reasonCode: 'test.transfer',
    referenceType: 'test',
    referenceId: `${from}->${to}`,
    actorType: 'system',
    actorId: 'chains-test',
    memo,
    tickId: null,
    tickSource: null,
    postings: [
      { accountId: from, currencyId: USDT, amount: -amount },
      { accountId: to, currencyId: USDT, amount },
    ],
  };
}

async function kindsFound(db: Kysely<Database>): Promise<Set<DifferenceKind>> {
  return new Set((await reconcile(db)).differences.map((difference) => difference.kind));
}

describeOnEachDatabase('ledger account chains', (dialect) => {
  let server: TestServer;
  let db: Kysely<Database>;
  let source: number;
  let alice: number;
  let bob: number;
  const post = (entry: EntryDraft) =>
    db.transaction().execute((transaction) => postEntry(transaction, entry, server.clock.now));
  const postingOf = (account: number, sequence: number) =>
    db
      .selectFrom('posting')
      .selectAll()
      .where('account_id', '=', account)
      .where('account_sequence', '=', sequence)
      .executeTakeFirstOrThrow();

  beforeEach(async () => {
    server = await startTestServer(dialect);
    db = server.context.database.db;
    source = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    alice = await accountId(db, { userId: 501, book: 'real', currencyId: USDT, kind: 'available' });
    bob = await accountId(db, { userId: 502, book: 'real', currencyId: USDT, kind: 'available' });
    await post(transfer(source, alice, 1_000n));
    for (let index = 0; index < 4; index += 1) await post(transfer(alice, bob, 10n));
    expect((await reconcile(db)).problems).toEqual([]);
  });
  afterEach(async () => {
    await server.close();
  });

  it('links each posting to its account previous one and moves the head with the balance', async () => {
    const head = await db
      .selectFrom('ledger_account')
      .select(['posting_count', 'chain_hash'])
      .where('id', '=', bob)
      .executeTakeFirstOrThrow();
    expect(Number(head.posting_count)).toBe(4);
    expect(head.chain_hash).toBe((await postingOf(bob, 4)).chain_hash);
    expect((await postingOf(alice, 1)).chain_hash).not.toBe((await postingOf(alice, 2)).chain_hash);
    // No entry moves the old global head any more.
    const legacy = await db.selectFrom('ledger_head').selectAll().executeTakeFirstOrThrow();
    expect(Number(legacy.last_entry_id)).toBe(legacy.account_chains_from - 1);
  });

  it('finds a posting whose amount and running balances were rewritten to add up', async () => {
    // The forger moves 5 more to bob in posting 2 and keeps every later balance consistent.
    await db
      .updateTable('posting')
      .set({ amount_units: sql`amount_units + 5` })
      .where('id', '=', (await postingOf(bob, 2)).id)
      .execute();
    await db
      .updateTable('posting')
      .set({ balance_after_units: sql`balance_after_units + 5` })
      .where('account_id', '=', bob)
      .where('account_sequence', '>=', 2)
      .execute();
    const kinds = await kindsFound(db);
    expect(kinds).toContain('chain_link');
    expect(kinds).toContain('entry_hash');
  });

  it('finds an entry removed from the middle of a chain, and one removed from its end', async () => {
    const middle = await postingOf(bob, 2);
    await db.deleteFrom('posting').where('entry_id', '=', middle.entry_id).execute();
    await db.deleteFrom('journal_entry').where('id', '=', middle.entry_id).execute();
    const report = await reconcile(db);
    expect(report.differences.map((difference) => difference.kind)).toContain('chain_link');
    expect(report.differences.flatMap((difference) => difference.accountIds)).toEqual(
      expect.arrayContaining([alice, bob]),
    );
  });

  it('finds the newest entry removed with the heads wound back by hand', async () => {
    const last = await postingOf(bob, 4);
    await db.deleteFrom('posting').where('entry_id', '=', last.entry_id).execute();
    await db.deleteFrom('journal_entry').where('id', '=', last.entry_id).execute();
    expect(await kindsFound(db)).toContain('account_head');
    // Winding the heads back as well hides it from the chains: the checkpoint test below shows what
    // still finds it. Here the balance the forger forgot is enough.
    const third = await postingOf(bob, 3);
    await db
      .updateTable('ledger_account')
      .set({ posting_count: 3, chain_hash: third.chain_hash! })
      .where('id', '=', bob)
      .execute();
    expect(await kindsFound(db)).toContain('balance_mismatch');
  });

  it('finds two postings of one account swapped in order', async () => {
    const second = await postingOf(bob, 2);
    const third = await postingOf(bob, 3);
    await db.updateTable('posting').set({ account_sequence: -1 }).where('id', '=', second.id).execute();
    await db.updateTable('posting').set({ account_sequence: 2 }).where('id', '=', third.id).execute();
    await db.updateTable('posting').set({ account_sequence: 3 }).where('id', '=', second.id).execute();
    expect(await kindsFound(db)).toContain('chain_link');
  });

  it('finds a posting whose entry was removed, and an entry stripped of its postings', async () => {
    const first = await postingOf(bob, 1);
    await db.deleteFrom('journal_entry').where('id', '=', first.entry_id).execute();
    expect(await kindsFound(db)).toContain('posting_entry');

    await server.close();
    server = await startTestServer(dialect);
    db = server.context.database.db;
    const from = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    const to = await accountId(db, { userId: 9, book: 'real', currencyId: USDT, kind: 'available' });
    const { entryId } = await post(transfer(from, to, 7n));
    await db.deleteFrom('posting').where('entry_id', '=', entryId).execute();
    const kinds = await kindsFound(db);
    expect(kinds).toContain('entry_postings');
    expect(kinds).toContain('account_head');
  });

  it('a checkpoint catches a rewrite that fixed every chain link and head after it', async () => {
    const checkpoint = await writeCheckpoint(db, server.clock.now);
    expect(checkpoint?.accountsChanged).toBeGreaterThanOrEqual(3);
    // Nothing moved since: no second checkpoint.
    expect(await writeCheckpoint(db, server.clock.now)).toBeNull();
    expect((await reconcile(db)).problems).toEqual([]);

    // The forger rewrites bob's whole chain with a different memo and recomputes every link and head
    // the way postEntry would, so the chains and heads are consistent again; only the checkpoint knows.
    const memoEntry = await postingOf(bob, 4);
    await db.updateTable('journal_entry').set({ memo: 'forged' }).where('id', '=', memoEntry.entry_id).execute();
    const { canonicalEntryText, canonicalChainLinkText, GENESIS_HASH } = await import('@kestrel/domain');
    const { entryHash } = await import('./post-entry');
    const entry = await db
      .selectFrom('journal_entry')
      .selectAll()
      .where('id', '=', memoEntry.entry_id)
      .executeTakeFirstOrThrow();
    const forgedHash = entryHash(
      canonicalEntryText(GENESIS_HASH, entry.id, Number(entry.created_at), { ...transfer(alice, bob, 10n, 'forged') }),
    );
    await db.updateTable('journal_entry').set({ hash: forgedHash }).where('id', '=', entry.id).execute();
    for (const account of [alice, bob]) {
      const postings = await db
        .selectFrom('posting')
        .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
        .select([
          'posting.id',
          'posting.account_sequence',
          sql<string>`cast(posting.amount_units as text)`.as('amount'),
          sql<string>`cast(posting.balance_after_units as text)`.as('after'),
          'journal_entry.hash as entry_hash',
        ])
        .where('posting.account_id', '=', account)
        .orderBy('posting.account_sequence')
        .execute();
      let previous = GENESIS_HASH;
      for (const posting of postings) {
        previous = entryHash(
          canonicalChainLinkText({
            previousChainHash: previous,
            accountId: account,
            accountSequence: Number(posting.account_sequence),
            entryHash: posting.entry_hash,
            amount: BigInt(posting.amount),
            balanceAfter: BigInt(posting.after),
          }),
        );
        await db.updateTable('posting').set({ chain_hash: previous }).where('id', '=', posting.id).execute();
      }
      await db.updateTable('ledger_account').set({ chain_hash: previous }).where('id', '=', account).execute();
    }
    const report = await reconcile(db);
    expect(report.differences.map((difference) => difference.kind)).toEqual(['checkpoint_leaf', 'checkpoint_leaf']);
    expect(report.differences.flatMap((difference) => difference.accountIds).sort()).toEqual([alice, bob].sort());
  });

  it('a checkpoint chain that was edited is found, and names nobody in particular', async () => {
    await writeCheckpoint(db, server.clock.now);
    await post(transfer(alice, bob, 1n));
    await writeCheckpoint(db, server.clock.now + 1);
    await db
      .updateTable('ledger_checkpoint')
      .set({ accounts_changed: 99 })
      .where(
        'id',
        '=',
        (await db.selectFrom('ledger_checkpoint').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      )
      .execute();
    expect(await kindsFound(db)).toContain('checkpoint');
  });

  it('links a ledger written before the account chains, and reconcile finds it clean', async () => {
    // As the migration found it: postings without a place in a chain, heads at genesis.
    await db.updateTable('posting').set({ account_sequence: null, chain_hash: null }).execute();
    await db
      .updateTable('ledger_account')
      .set({ posting_count: 0, chain_hash: '0'.repeat(64) })
      .execute();
    expect(await kindsFound(db)).toContain('chain_link');
    expect(await linkUnchainedPostings(db)).toBeGreaterThanOrEqual(10);
    expect((await reconcile(db)).problems).toEqual([]);
    expect(Number((await postingOf(bob, 4)).account_sequence)).toBe(4);
  });

  it('concurrent writers on different accounts all land, a full-balance race has one winner, reconcile clean', async () => {
    const customers: number[] = [];
    for (let index = 0; index < 16; index += 1) {
      const account = await accountId(db, { userId: 600 + index, book: 'real', currencyId: USDT, kind: 'available' });
      await post(transfer(source, account, 100n));
      customers.push(account);
    }
    // 16 writers, 20 transfers each, each to its neighbour: every pair shares an account with another.
    await Promise.all(
      customers.map(async (account, index) => {
        for (let round = 0; round < 20; round += 1)
          await post(transfer(account, customers[(index + 1) % customers.length]!, 1n));
      }),
    );
    for (const account of customers) expect(await balanceOf(db, account)).toBe(100n);
    // 50 requests for the whole of one balance: exactly one wins, the rest are refused.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => post(transfer(customers[0]!, customers[1 + (index % 15)]!, 100n))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InsufficientBalanceError);
    expect(await balanceOf(db, customers[0]!)).toBe(0n);
    await writeCheckpoint(db, server.clock.now);
    const report = await reconcile(db);
    expect(report.problems).toEqual([]);
  });
});
