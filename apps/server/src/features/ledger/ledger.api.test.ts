import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { EntryDraft } from '@kestrel/domain';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { RefusedError } from '../../core/errors';
import { accountId, balanceOf, PLATFORM_ACCOUNTS, platformAccount } from './accounts';
import { InsufficientBalanceError, LedgerInvariantError, postEntry } from './post-entry';
import { reconcile } from './reconcile';
import { checkIdempotencyKey, requestFingerprint, runOnce } from '../../core/idempotency';

const USDT = 3;

function transfer(from: number, to: number, amount: bigint, reasonCode = 'test.transfer'): EntryDraft {
  return {
    reasonCode,
    referenceType: 'test',
    referenceId: `${from}->${to}`,
    actorType: 'system',
    actorId: 'ledger-test',
    memo: '',
    tickId: null,
    tickSource: null,
    postings: [
      { accountId: from, currencyId: USDT, amount: -amount },
      { accountId: to, currencyId: USDT, amount },
    ],
  };
}

describeOnEachDatabase('ledger', (dialect) => {
  let server: TestServer;
  let source: number;
  let fees: number;
  let nextUser = 10_000;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server.context.database;
    source = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    fees = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.feeIncome));
  });
  afterAll(async () => {
    // A global zero-balance check after the suite, as exchange-core does after every integration test.
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
    await server.close();
  });

  async function customerAccounts() {
    const { db } = server.context.database;
    nextUser += 1;
    return {
      available: await accountId(db, { userId: nextUser, book: 'real', currencyId: USDT, kind: 'available' }),
      frozen: await accountId(db, { userId: nextUser, book: 'real', currencyId: USDT, kind: 'frozen' }),
    };
  }

  it('property: random transfers keep every balance equal to a model, none negative, reconcile clean', async () => {
    const { db } = server.context.database;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom('deposit', 'freeze', 'unfreeze', 'fee', 'withdraw'),
            amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
          }),
          {
            minLength: 1,
            maxLength: 25,
          },
        ),
        async (operations) => {
          const customer = await customerAccounts();
          const model = { available: 0n, frozen: 0n };
          for (const operation of operations) {
            const [from, to, fromKey] =
              operation.kind === 'deposit'
                ? ([source, customer.available, null] as const)
                : operation.kind === 'freeze'
                  ? ([customer.available, customer.frozen, 'available'] as const)
                  : operation.kind === 'unfreeze'
                    ? ([customer.frozen, customer.available, 'frozen'] as const)
                    : operation.kind === 'fee'
                      ? ([customer.available, fees, 'available'] as const)
                      : ([customer.frozen, source, 'frozen'] as const);
            const affordable = fromKey === null || model[fromKey] >= operation.amount;
            try {
              await db
                .transaction()
                .execute((transaction) =>
                  postEntry(transaction, transfer(from, to, operation.amount), server.clock.now),
                );
              expect(affordable).toBe(true);
              if (fromKey) model[fromKey] -= operation.amount;
              if (to === customer.available) model.available += operation.amount;
              if (to === customer.frozen) model.frozen += operation.amount;
            } catch (error) {
              expect(error).toBeInstanceOf(InsufficientBalanceError);
              expect(affordable).toBe(false);
            }
            expect(await balanceOf(db, customer.available)).toBe(model.available);
            expect(await balanceOf(db, customer.frozen)).toBe(model.frozen);
          }
        },
      ),
      { numRuns: process.env.CI ? 100 : 15 },
    );
    const report = await reconcile(db);
    expect(report.problems).toEqual([]);
    expect(report.entriesChecked).toBeGreaterThan(0);
  }, 300_000);

  it('refuses unbalanced or one-sided entries as a bug, changing nothing', async () => {
    const { db } = server.context.database;
    const customer = await customerAccounts();
    const unbalanced = {
      ...transfer(source, customer.available, 5n),
      postings: [
        { accountId: source, currencyId: USDT, amount: -5n },
        { accountId: customer.available, currencyId: USDT, amount: 4n },
      ],
    };
    await expect(
      db.transaction().execute((transaction) => postEntry(transaction, unbalanced, 1)),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await balanceOf(db, customer.available)).toBe(0n);
  });

  it('race: of 50 concurrent debits of the whole balance exactly one succeeds, 10 rounds', async () => {
    const { db } = server.context.database;
    for (let round = 0; round < 10; round += 1) {
      const customer = await customerAccounts();
      await db
        .transaction()
        .execute((transaction) => postEntry(transaction, transfer(source, customer.available, 1_000n), 1));
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          db
            .transaction()
            .execute((transaction) => postEntry(transaction, transfer(customer.available, customer.frozen, 1_000n), 2)),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientBalanceError);
      expect(await balanceOf(db, customer.available)).toBe(0n);
      expect(await balanceOf(db, customer.frozen)).toBe(1_000n);
    }
  }, 120_000);

  it('idempotency: five concurrent replays have one effect and the same answer; a reused key is refused', async () => {
    const { db } = server.context.database;
    const customer = await customerAccounts();
    const claim = { ownerId: nextUser, key: 'deposit-1', fingerprint: requestFingerprint({ amount: '7' }) };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        runOnce(db, claim, 3, async (transaction) => {
          const posted = await postEntry(transaction, transfer(source, customer.available, 7n), 3);
          return { entryId: posted.entryId };
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.entryId)).size).toBe(1);
    expect(await balanceOf(db, customer.available)).toBe(7n);
    await expect(
      runOnce(db, { ...claim, fingerprint: requestFingerprint({ amount: '8' }) }, 3, async () => ({ entryId: 0 })),
    ).rejects.toBeInstanceOf(RefusedError);
    expect(() => checkIdempotencyKey(undefined)).toThrow(
      expect.objectContaining({ key: 'error.idempotency_key_required' }),
    );
  });

  it('reconcile finds an edited entry, an edited balance and a removed entry', async () => {
    const scratch = await startTestServer(dialect);
    try {
      const { db } = scratch.context.database;
      const from = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
      const to = await accountId(db, { userId: 1, book: 'real', currencyId: USDT, kind: 'available' });
      for (let index = 0; index < 3; index += 1)
        await db.transaction().execute((transaction) => postEntry(transaction, transfer(from, to, 10n), index));
      expect((await reconcile(db)).ok).toBe(true);

      await db.updateTable('journal_entry').set({ memo: 'edited' }).where('id', '=', 2).execute();
      expect((await reconcile(db)).problems).toEqual(['entry 2: hash does not match its content']);
      await db.updateTable('journal_entry').set({ memo: '' }).where('id', '=', 2).execute();

      await db
        .updateTable('ledger_account')
        .set({ balance_units: sql`balance_units + 1` })
        .where('id', '=', to)
        .execute();
      expect((await reconcile(db)).problems.join()).toMatch(/balance 31 but postings sum to 30/);
      await db
        .updateTable('ledger_account')
        .set({ balance_units: sql`balance_units - 1` })
        .where('id', '=', to)
        .execute();

      await db.deleteFrom('posting').where('entry_id', '=', 3).execute();
      await db.deleteFrom('journal_entry').where('id', '=', 3).execute();
      const afterRemoval = await reconcile(db);
      expect(afterRemoval.ok).toBe(false);
      expect(afterRemoval.problems.join()).toMatch(/chain head/);
    } finally {
      await scratch.close();
    }
  });

  it('the database refuses a negative customer balance even without the conditional update', async () => {
    const { db } = server.context.database;
    const customer = await customerAccounts();
    await expect(
      db
        .updateTable('ledger_account')
        .set({ balance_units: sql`-1` })
        .where('id', '=', customer.available)
        .execute(),
    ).rejects.toThrow();
  });
});

describeOnEachDatabase('ledger books', (dialect) => {
  it('refuses an entry that would move money between the demo and the real book, changing nothing', async () => {
    const server = await startTestServer(dialect);
    try {
      const { db } = server.context.database;
      // A fresh install has the seed's funding entries (the staking reserve and the loan book).
      const entriesBefore = (await reconcile(db)).entriesChecked;
      const demoSource = await accountId(db, platformAccount('demo', USDT, PLATFORM_ACCOUNTS.demoIssuance));
      const realCustomer = await accountId(db, { userId: 77, book: 'real', currencyId: USDT, kind: 'available' });
      await expect(
        db.transaction().execute((transaction) => postEntry(transaction, transfer(demoSource, realCustomer, 100n), 1)),
      ).rejects.toBeInstanceOf(LedgerInvariantError);
      expect(await balanceOf(db, realCustomer)).toBe(0n);
      expect((await reconcile(db)).entriesChecked).toBe(entriesBefore);
    } finally {
      await server.close();
    }
  });
});
