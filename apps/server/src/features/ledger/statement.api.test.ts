import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { accountId, PLATFORM_ACCOUNTS, platformAccount } from './accounts';
import { postEntry } from './post-entry';

const USDT = 3;

describeOnEachDatabase('statement', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('lists only the customer own postings, newest first, with reason, actor and running balance', async () => {
    const alice = await registerCustomer(server);
    const bob = await registerCustomer(server);
    const { db } = server.context.database;
    const source = await accountId(db, platformAccount('real', USDT, PLATFORM_ACCOUNTS.depositSource));
    const aliceAvailable = await accountId(db, {
      userId: alice.userId,
      book: 'real',
      currencyId: USDT,
      kind: 'available',
    });
    const bobAvailable = await accountId(db, { userId: bob.userId, book: 'real', currencyId: USDT, kind: 'available' });
    const credit = (to: number, amount: bigint, actorId: string) =>
      db.transaction().execute((transaction) =>
        postEntry(
          transaction,
          {
            reasonCode: 'deposit.confirmed',
            referenceType: 'deposit',
            referenceId: String(amount),
            actorType: 'operator',
            actorId,
            memo: '',
            tickId: null,
            tickSource: null,
            postings: [
              { accountId: source, currencyId: USDT, amount: -amount },
              { accountId: to, currencyId: USDT, amount },
            ],
          },
          server.clock.now,
        ),
      );
    await credit(aliceAvailable, 150_000_000n, 'finance:ann');
    await credit(bobAvailable, 999n, 'finance:ann');
    await credit(aliceAvailable, 25_000_000n, 'finance:bo');

    const { body } = await server.get('/api/userAccountRecord/list', {
      token: alice.token,
      query: { pageNum: 1, pageSize: 10 },
    });
    expect(body.total).toBe(2);
    expect(body.rows.map((row: { amount: string; balanceAfter: string }) => [row.amount, row.balanceAfter])).toEqual([
      ['0.25000000', '1.75000000'],
      ['1.50000000', '1.50000000'],
    ]);
    expect(body.rows[0]).toMatchObject({
      reasonCode: 'deposit.confirmed',
      actorType: 'operator',
      actorId: 'finance:bo',
      currencyName: 'USDT',
      kind: 'available',
    });
    expect(body.rows[0].hash).toMatch(/^[0-9a-f]{64}$/);
    const filtered = await server.get('/api/userAccountRecord/list', { token: alice.token, query: { currencyId: 1 } });
    expect(filtered.body).toMatchObject({ rows: [], total: 0 });
    expect((await server.get('/api/userAccountRecord/list')).body.code).toBe(401);
    const tooBig = await server.get('/api/userAccountRecord/list', { token: alice.token, query: { pageSize: 500 } });
    expect(tooBig.body).toMatchObject({ code: 500, msg: 'error.page_size_too_large' });
  });
});
