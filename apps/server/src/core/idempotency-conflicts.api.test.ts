import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EntryDraft } from '@kestrel/domain';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../test/harness';
import { accountId, balanceOf, PLATFORM_ACCOUNTS, platformAccount } from '../features/ledger/accounts';
import { postEntry } from '../features/ledger/post-entry';
import { reconcile } from '../features/ledger/reconcile';
import { requestFingerprint, runOnce } from './idempotency';

// Without the ledger's global head (issue 12), two money transactions that post several entries can
// lock two accounts in opposite order. PostgreSQL then rolls one back as a deadlock's victim; runOnce
// runs it again, so both requests succeed and each moves its money once.

const USDT = 3;

function transfer(from: number, to: number, amount: bigint): EntryDraft {
  return {
    reasonCode: 'test.transfer',
    referenceType: 'test',
    referenceId: `${from}->${to}`,
    actorType: 'system',
    actorId: 'conflict-test',
    memo: '',
    tickId: null,
    tickSource: null,
    postings: [
      { accountId: from, currencyId: USDT, amount: -amount },
      { accountId: to, currencyId: USDT, amount },
    ],
  };
}

describeOnEachDatabase('runOnce and deadlocks', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  it('two requests that lock two accounts in opposite order both succeed, each once', async () => {
    const { db } = server.context.database;
    const source = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    const account = (userId: number) => accountId(db, { userId, book: 'real', currencyId: USDT, kind: 'available' });
    const [first, second, receiverA, receiverB] = [
      await account(801),
      await account(802),
      await account(803),
      await account(804),
    ];
    for (const funded of [first, second])
      await db.transaction().execute((transaction) => postEntry(transaction, transfer(source, funded, 100n), 1));

    // Each transaction takes its first account, then waits until the other has taken its own, so on
    // PostgreSQL they surely meet in opposite order. SQLite runs one transaction at a time: no waiting.
    const taken = { a: false, b: false };
    const waitFor = async (side: 'a' | 'b') => {
      for (let polls = 0; dialect === 'postgres' && !taken[side] && polls < 500; polls += 1)
        await new Promise((resolve) => setTimeout(resolve, 2));
    };
    let runs = 0;
    const request = (side: 'a' | 'b', mine: number, theirs: number, receiver: number) =>
      runOnce(
        db,
        { ownerId: side === 'a' ? 803 : 804, key: `conflict-${side}`, fingerprint: requestFingerprint(side) },
        1,
        async (transaction) => {
          runs += 1;
          await postEntry(transaction, transfer(mine, receiver, 1n), 1);
          taken[side] = true;
          await waitFor(side === 'a' ? 'b' : 'a');
          await postEntry(transaction, transfer(theirs, receiver, 1n), 1);
          return side;
        },
      );
    const answers = await Promise.all([request('a', first, second, receiverA), request('b', second, first, receiverB)]);
    expect(answers).toEqual(['a', 'b']);
    expect(await balanceOf(db, receiverA)).toBe(2n);
    expect(await balanceOf(db, receiverB)).toBe(2n);
    expect(await balanceOf(db, first)).toBe(98n);
    // On PostgreSQL one of them was the deadlock's victim and ran again.
    expect(runs).toBe(dialect === 'postgres' ? 3 : 2);
  });
});
