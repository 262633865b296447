import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { accountId } from '../ledger/accounts';
import { postEntry } from '../ledger/post-entry';
import { reconcile } from '../ledger/reconcile';
import { BTC, credit, USDT } from '../wallet/test-support';
import { planPlacement } from './order-input';
import { pairTexts } from './pairs';
import { bibiExchangeOf } from './routes';
import { buy } from './test-support';

/**
 * A coin-to-coin batch creates the ledger accounts its placements post to before its first posting
 * takes the ledger head (AccountIds.prepare), and drops the ones no posting used before it commits.
 */
describeOnEachDatabase('coin-to-coin ledger accounts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  async function accountsOf(userId: number): Promise<string[]> {
    const rows = await server.context.database.db
      .selectFrom('ledger_account')
      .select(['book', 'currency_id', 'kind'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => `${row.book}/${row.currency_id}/${row.kind}`).sort();
  }

  it('leaves no account behind for a refused placement, and only used ones for an accepted one', async () => {
    const poor = await registerCustomer(server);
    await credit(server, poor.userId, USDT, '10');
    const before = await accountsOf(poor.userId);
    const refused = await buy(server, poor.token, { orderMethod: 0, productPrice: '70000.00', orderVolume: '0.01' });
    expect(refused.body.msg).toBe('error.insufficient_balance');
    expect(await accountsOf(poor.userId)).toEqual(before);

    // A resting buy freezes USDT: the frozen account is used, the BTC one it was prepared with is not.
    const resting = await buy(server, poor.token, { orderMethod: 0, productPrice: '1000.00', orderVolume: '0.001' });
    expect(resting.body.code).toBe(200);
    expect(await accountsOf(poor.userId)).toEqual([...before, `real/${USDT}/frozen`].sort());
    expect(await accountsOf(poor.userId)).not.toContain(`real/${BTC}/available`);
  });

  it("does not deadlock with the same customer's other money call creating the same account", async () => {
    const first = await registerCustomer(server);
    const second = await registerCustomer(server);
    await credit(server, first.userId, USDT, '1000');
    await credit(server, second.userId, USDT, '1000');
    const db = server.context.database.db;
    const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

    // Another call of the second customer's (as a fast trade does): creates their frozen USDT account,
    // holds it uncommitted, then posts an entry, which needs the ledger head.
    const otherCall = db.transaction().execute(async (transaction) => {
      const available = await accountId(transaction, {
        userId: second.userId,
        book: 'real',
        currencyId: USDT,
        kind: 'available',
      });
      const frozen = await accountId(transaction, {
        userId: second.userId,
        book: 'real',
        currencyId: USDT,
        kind: 'frozen',
      });
      await sleep(600);
      await postEntry(
        transaction,
        {
          reasonCode: 'test.freeze',
          referenceType: 'test',
          referenceId: String(second.userId),
          actorType: 'system',
          actorId: 'bibi-accounts-test',
          memo: 'a concurrent freeze',
          tickId: null,
          tickSource: null,
          postings: [
            { accountId: available, currencyId: USDT, amount: -100_000_000n },
            { accountId: frozen, currencyId: USDT, amount: 100_000_000n },
          ],
        },
        server.clock.now,
      );
    });
    await sleep(150);
    // One batch (both queued in the same turn): the first customer's placement takes the ledger head,
    // then the second's needs the frozen account the other call holds. Created on first use, it waited
    // for the other call while the other call waited for the head, and PostgreSQL failed one of them.
    const writer = bibiExchangeOf(server.app)!.writer('X:BTCUSD');
    const placeFor = (userId: number) =>
      writer.place({
        userId,
        claim: { ownerId: userId, key: `accounts-${userId}`, fingerprint: 'accounts' },
        plan: planPlacement(writer.pair, pairTexts(writer.pair), {
          side: 'buy',
          orderMethod: 0,
          productPrice: '1000.00',
          orderVolume: '0.001',
          timeInForce: 'GTC',
          postOnly: 0,
        }),
        orderMethod: 0,
      });
    const placements = await Promise.allSettled([placeFor(first.userId), placeFor(second.userId)]);
    await expect(otherCall).resolves.toBeUndefined();
    expect(placements.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    const frozen = await db
      .selectFrom('ledger_account')
      .select(sql<string>`cast(balance_units as text)`.as('units'))
      .where('user_id', '=', second.userId)
      .where('kind', '=', 'frozen')
      .where('currency_id', '=', USDT)
      .executeTakeFirstOrThrow();
    const order = await db
      .selectFrom('bibi_order')
      .select(sql<string>`cast(frozen_units as text)`.as('units'))
      .where('user_id', '=', second.userId)
      .executeTakeFirstOrThrow();
    // Both freezes stand: 1.00 USDT (10^8 units) from the other call and what the order holds.
    expect(BigInt(frozen.units)).toBe(100_000_000n + BigInt(order.units));
  });
});
