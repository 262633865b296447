import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ActorType, EntryDraft } from '@kestrel/domain';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../test/harness';
import { RefusedError } from '../../core/errors';
import { accountId, balanceOf, PLATFORM_ACCOUNTS, platformAccount } from './accounts';
import { postEntry } from './post-entry';
import { reconcile, type LedgerDifference } from './reconcile';
import { liftHalt, raiseHalts, type HaltTarget } from './money-halts';
import { haltPlanOf } from './halt-targets';

const USDT = 3;
const BTC = 4;

function transfer(
  from: number,
  to: number,
  amount: bigint,
  options: { actorType?: ActorType; actorId?: number | string; currencyId?: number } = {},
): EntryDraft {
  return {
    reasonCode: 'test.transfer',
    referenceType: 'test',
    referenceId: `${from}->${to}`,
    actorType: options.actorType ?? 'customer',
    // A customer's entry names the customer as actor (the halt check relies on it).
    actorId: String(options.actorId ?? 'halt-test'),
    memo: '',
    tickId: null,
    tickSource: null,
    postings: [
      { accountId: from, currencyId: options.currencyId ?? USDT, amount: -amount },
      { accountId: to, currencyId: options.currencyId ?? USDT, amount },
    ],
  };
}

function difference(kind: LedgerDifference['kind'], named: Partial<LedgerDifference> = {}): LedgerDifference {
  return { kind, text: `${kind} for the test`, accountIds: [], entryIds: [], currencyId: null, ...named };
}

describeOnEachDatabase('money halts in postEntry', (dialect) => {
  let server: TestServer;
  let nextUser = 20_000;
  let runId = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    // Every entry this suite posted was a proper one: the ledger stays clean whatever was halted.
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const db = () => server.context.database.db;
  const post = (entry: EntryDraft) =>
    db()
      .transaction()
      .execute((transaction) => postEntry(transaction, entry, server.clock.now));
  const head = () => db().selectFrom('ledger_head').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  async function customer() {
    nextUser += 1;
    const key = { userId: nextUser, book: 'real' as const };
    const accounts = {
      userId: nextUser,
      available: await accountId(db(), { ...key, currencyId: USDT, kind: 'available' }),
      frozen: await accountId(db(), { ...key, currencyId: USDT, kind: 'frozen' }),
      btc: await accountId(db(), { ...key, currencyId: BTC, kind: 'available' }),
    };
    const source = await accountId(db(), platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    const btcSource = await accountId(db(), platformAccount('real', BTC, PLATFORM_ACCOUNTS.depositSource));
    await post(transfer(source, accounts.available, 1_000n, { actorType: 'system' }));
    await post(transfer(btcSource, accounts.btc, 1_000n, { actorType: 'system', currencyId: BTC }));
    return accounts;
  }

  async function halt(target: HaltTarget): Promise<number> {
    runId += 1;
    const { raised } = await db()
      .transaction()
      .execute((transaction) => raiseHalts(transaction, [target], { reconcileRunId: runId, now: server.clock.now }));
    return raised[0]!;
  }

  async function expectRefused(entry: EntryDraft) {
    const before = await head();
    const balances = await Promise.all(entry.postings.map((posting) => balanceOf(db(), posting.accountId)));
    await expect(post(entry)).rejects.toSatisfy(
      (error: unknown) => error instanceof RefusedError && error.key === 'error.account_halted',
    );
    // Nothing moved: not a balance, not the head (its id counter and hash).
    expect(await head()).toEqual(before);
    expect(await Promise.all(entry.postings.map((posting) => balanceOf(db(), posting.accountId)))).toEqual(balances);
  }

  it('a halt on one account stops what its owner does and what operators do to them, and nothing else', async () => {
    const alice = await customer();
    const bob = await customer();
    const fees = await accountId(db(), platformAccount('real', USDT, PLATFORM_ACCOUNTS.feeIncome));
    expect((await head()).halts_active).toBe(0);

    const id = await halt({
      scope: 'account',
      ledgerAccountId: alice.available,
      userId: alice.userId,
      currencyId: USDT,
      reason: 'balance disagrees',
    });
    expect((await head()).halts_active).toBe(1);

    // Alice's own entries on the halted account, a sibling account, another currency of hers.
    const byAlice = { actorId: alice.userId };
    await expectRefused(transfer(alice.available, alice.frozen, 10n, byAlice));
    await expectRefused(transfer(alice.frozen, alice.available, 1n, byAlice));
    await expectRefused(transfer(alice.btc, bob.btc, 5n, { ...byAlice, currencyId: BTC }));
    // An operator's entry on any of her accounts, and a customer entry whose actor is not a customer id.
    await expectRefused(transfer(alice.available, fees, 1n, { actorType: 'operator', actorId: 7 }));
    await expectRefused(transfer(bob.available, alice.available, 1n, { actorId: 'not-a-customer' }));

    // Bob is not halted, and his entry that reaches alice as counterparty (a fill against her
    // resting order) passes; the system still settles what it owes her (see post-entry.ts).
    const byBob = { actorId: bob.userId };
    await post(transfer(bob.available, bob.frozen, 10n, byBob));
    await post(transfer(bob.available, fees, 1n, { actorType: 'operator', actorId: 7 }));
    await post(transfer(bob.available, alice.available, 5n, byBob));
    await post(transfer(alice.available, fees, 1n, { actorType: 'system' }));
    expect(await balanceOf(db(), alice.available)).toBe(1_004n);

    // A second halt on the same target while the first stands adds nothing.
    runId += 1;
    const again = await db()
      .transaction()
      .execute((transaction) =>
        raiseHalts(
          transaction,
          [{ scope: 'account', ledgerAccountId: alice.available, userId: alice.userId, currencyId: USDT, reason: 'x' }],
          { reconcileRunId: runId, now: server.clock.now },
        ),
      );
    expect(again).toEqual({ raised: [], standing: 1 });

    await db()
      .transaction()
      .execute((transaction) => liftHalt(transaction, id, { staffId: 1, reason: 'repaired', now: server.clock.now }));
    expect((await head()).halts_active).toBe(0);
    await post(transfer(alice.available, alice.frozen, 10n, byAlice));
    expect(await balanceOf(db(), alice.frozen)).toBe(10n);

    // Lifting twice, or a halt that does not exist, is refused and changes nothing.
    for (const [haltId, key] of [
      [id, 'error.money_halt_lifted'],
      [999_999, 'error.money_halt_not_found'],
    ] as const)
      await expect(
        db()
          .transaction()
          .execute((transaction) => liftHalt(transaction, haltId, { staffId: 1, reason: 'again', now: 1 })),
      ).rejects.toSatisfy((error: unknown) => error instanceof RefusedError && error.key === key);
  });

  it('a currency halt stops customer money in that currency; an all halt stops every customer; platform entries pass', async () => {
    const carol = await customer();
    const carolBtcFrozen = await accountId(db(), {
      userId: carol.userId,
      book: 'real',
      currencyId: BTC,
      kind: 'frozen',
    });
    const source = await accountId(db(), platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    const fees = await accountId(db(), platformAccount('real', USDT, PLATFORM_ACCOUNTS.feeIncome));
    const platformOnly = transfer(source, fees, 3n, { actorType: 'operator' });

    const currency = await halt({
      scope: 'currency',
      ledgerAccountId: null,
      userId: null,
      currencyId: USDT,
      reason: 'currency 3: postings sum to 1, not 0',
    });
    const byCarol = { actorId: carol.userId };
    await expectRefused(transfer(carol.available, carol.frozen, 1n, byCarol));
    await post(transfer(carol.btc, carolBtcFrozen, 1n, { ...byCarol, currencyId: BTC }));
    await post(platformOnly);

    const all = await halt({ scope: 'all', ledgerAccountId: null, userId: null, currencyId: null, reason: 'head' });
    expect((await head()).halts_active).toBe(2);
    await expectRefused(transfer(carol.btc, carolBtcFrozen, 1n, { ...byCarol, currencyId: BTC }));
    await post(platformOnly);

    for (const haltId of [currency, all])
      await db()
        .transaction()
        .execute((transaction) => liftHalt(transaction, haltId, { staffId: 1, reason: 'checked', now: 2 }));
    expect((await head()).halts_active).toBe(0);
    await post(transfer(carol.available, carol.frozen, 1n, byCarol));
  });

  it('a run’s differences become halts: customers by account, a currency, everything; platform accounts are only named', async () => {
    const dave = await customer();
    const fees = await accountId(db(), platformAccount('real', USDT, PLATFORM_ACCOUNTS.feeIncome));
    const { entryId } = await post(transfer(dave.available, fees, 2n, { actorType: 'system' }));

    const plan = await haltPlanOf(db(), {
      differences: [
        difference('balance_mismatch', { accountIds: [dave.frozen] }),
        difference('negative_balance', { accountIds: [fees] }),
        difference('entry_hash', { entryIds: [entryId] }),
        difference('currency_sum', { currencyId: BTC }),
      ],
      differencesOmitted: 0,
    });
    expect(plan.platformAccountIds).toEqual([fees]);
    expect(plan.targets).toEqual([
      {
        scope: 'account',
        ledgerAccountId: dave.frozen,
        userId: dave.userId,
        currencyId: USDT,
        reason: 'balance_mismatch for the test',
      },
      {
        scope: 'account',
        ledgerAccountId: dave.available,
        userId: dave.userId,
        currencyId: USDT,
        reason: 'entry_hash for the test',
      },
      { scope: 'currency', ledgerAccountId: null, userId: null, currencyId: BTC, reason: 'currency_sum for the test' },
    ]);

    for (const kind of ['head', 'entry_id_gap'] as const) {
      const nobody = await haltPlanOf(db(), { differences: [difference(kind)], differencesOmitted: 0 });
      expect(nobody.targets.map((target) => target.scope)).toEqual(['all']);
    }
    const tooMany = await haltPlanOf(db(), { differences: [], differencesOmitted: 1 });
    expect(tooMany.targets).toMatchObject([{ scope: 'all', reason: expect.stringMatching(/more than 1000/) }]);
  });
});
