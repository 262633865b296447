import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { accountId } from '../ledger/accounts';
import { LedgerInvariantError, postEntry } from '../ledger/post-entry';
import { reconcile } from '../ledger/reconcile';
import { demoBookIsolated } from './demo-isolation';
import { credit, freshKey, ledgerBalances, USD, USDT } from './test-support';

const SWITCH = '/api/userInfo/changeLoginModel';

describeOnEachDatabase('wallet demo account', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    const { db } = server.context.database;
    expect((await reconcile(db)).problems).toEqual([]);
    expect((await demoBookIsolated(db)).problems).toEqual([]);
    await server.close();
  });

  const info = async (token: string) => (await server.get('/api/userInfo/getUserInfo', { token })).body;

  it('enters a linked demo account with 10,000 demo USDT, and leaves it with a fresh real token', async () => {
    const real = await registerCustomer(server);
    const entered = await server.post(SWITCH, {}, { token: real.token });
    expect(entered.body.code).toBe(200);
    const demo = entered.body.data as {
      token: string;
      userInfo: { id: number; accountType: number; nickName: string; email: null };
    };
    expect(demo.userInfo).toMatchObject({ accountType: 2, email: null });
    expect(demo.userInfo.id).not.toBe(real.userId);
    expect(demo.userInfo.nickName).toBe((await info(real.token)).data.nickName);

    const { db } = server.context.database;
    expect(await db.selectFrom('demo_link').selectAll().where('real_user_id', '=', real.userId).execute()).toEqual([
      expect.objectContaining({ real_user_id: real.userId, demo_user_id: demo.userInfo.id }),
    ]);
    const balance = await server.get('/api/userInfo/userBalance', { token: demo.token, query: { currencyId: USDT } });
    expect(balance.body.data[0]).toMatchObject({ currencyId: USDT, userAmt: '10000.00000000' });
    expect(
      (await server.get('/api/userInfo/personCenterPanelData', { token: demo.token })).body.data.userBalanceConvert,
    ).toBe('10000.00000000');
    expect(await ledgerBalances(server, demo.userInfo.id)).toEqual({ 'demo/3/available': '1000000000000' });
    expect(await ledgerBalances(server, real.userId)).toEqual({});
    const opening = await db
      .selectFrom('journal_entry')
      .selectAll()
      .where('reason_code', '=', 'demo.opening_balance')
      .where('reference_id', '=', String(demo.userInfo.id))
      .execute();
    expect(opening).toHaveLength(1);

    const left = await server.post(SWITCH, {}, { token: demo.token });
    expect(left.body.data.userInfo).toMatchObject({ id: real.userId, accountType: 0 });
    // The demo token and the real token the demo was entered from are both replaced.
    expect((await info(demo.token)).code).toBe(401);
    expect((await info(real.token)).code).toBe(401);
    const realAgain = left.body.data.token as string;
    expect((await info(realAgain)).data.id).toBe(real.userId);

    // Entering again reuses the same demo account and its money; no second opening balance.
    const reentered = await server.post(SWITCH, {}, { token: realAgain });
    expect(reentered.body.data.userInfo.id).toBe(demo.userInfo.id);
    const openings = await db
      .selectFrom('journal_entry')
      .select(sql<number>`count(*)`.as('count'))
      .where('reason_code', '=', 'demo.opening_balance')
      .where('reference_id', '=', String(demo.userInfo.id))
      .executeTakeFirstOrThrow();
    expect(Number(openings.count)).toBe(1);
  });

  it('five concurrent first entries create one demo account with one opening balance', async () => {
    const real = await registerCustomer(server);
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.post(SWITCH, {}, { token: real.token })));
    for (const answer of answers) expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const demoIds = new Set(answers.map((answer) => answer.body.data.userInfo.id));
    expect(demoIds.size).toBe(1);
    const [demoId] = [...demoIds];
    expect(await ledgerBalances(server, demoId)).toEqual({ 'demo/3/available': '1000000000000' });
    const { db } = server.context.database;
    expect(
      await db.selectFrom('user_account').select('id').where('user_account', '=', `demo-${real.userId}`).execute(),
    ).toHaveLength(1);
  });

  it('demo money never reaches the real account: exchanges stay in the demo book, balances of the real account do not move', async () => {
    const real = await registerCustomer(server);
    await credit(server, real.userId, USDT, '50');
    const demo = (await server.post(SWITCH, {}, { token: real.token })).body.data as {
      token: string;
      userInfo: { id: number };
    };
    const realBefore = await ledgerBalances(server, real.userId);

    const exchanged = await server.post(
      '/api/userInfo/balanceConvert',
      { transAmount: '5000', currencyIdFrom: USDT, currencyIdTo: USD },
      { token: demo.token, headers: freshKey() },
    );
    expect(exchanged.body.code).toBe(200);
    // The demo account cannot spend the real account's money either, and exchanging more than its demo balance is refused.
    const tooMuch = await server.post(
      '/api/userInfo/balanceConvert',
      { transAmount: '5000.01', currencyIdFrom: USDT, currencyIdTo: USD },
      { token: demo.token, headers: freshKey() },
    );
    expect(tooMuch.body).toMatchObject({ code: 500, msg: 'error.insufficient_balance' });
    expect(await ledgerBalances(server, real.userId)).toEqual(realBefore);
    const demoBalances = await ledgerBalances(server, demo.userInfo.id);
    expect(Object.keys(demoBalances).every((key) => key.startsWith('demo/'))).toBe(true);
    expect(demoBalances['demo/3/available']).toBe('500000000000');

    // The real account's own view shows its own money only; its records do not list the demo exchange.
    const realToken = (await server.post(SWITCH, {}, { token: demo.token })).body.data.token as string;
    const realView = await server.get('/api/userInfo/userBalanceConvert', { token: realToken });
    expect(realView.body.data.find((row: { currencyId: number }) => row.currencyId === USDT).userAmt).toBe(
      '50.00000000',
    );
    expect(realView.body.data.find((row: { currencyId: number }) => row.currencyId === USD).userAmt).toBe('0.00');
    expect((await server.get('/api/balanceConvertRecord/list', { token: realToken })).body.total).toBe(0);

    // Every posting on an account of a demo customer is in the demo book.
    const { db } = server.context.database;
    const outside = await db
      .selectFrom('posting')
      .innerJoin('ledger_account as account', 'account.id', 'posting.account_id')
      .innerJoin('journal_entry as entry', 'entry.id', 'posting.entry_id')
      .innerJoin('posting as other', 'other.entry_id', 'posting.entry_id')
      .innerJoin('ledger_account as otherAccount', 'otherAccount.id', 'other.account_id')
      .select('posting.id')
      .where('account.user_id', '=', demo.userInfo.id)
      .where('otherAccount.book', '!=', 'demo')
      .execute();
    expect(outside).toEqual([]);
    expect((await demoBookIsolated(db)).ok).toBe(true);
  });

  it('demoBookIsolated finds an entry that mixes the books and accounts in the wrong book', async () => {
    const scratch = await startTestServer(dialect);
    try {
      const { db } = scratch.context.database;
      const real = await registerCustomer(scratch);
      const demoId = (await scratch.post(SWITCH, {}, { token: real.token })).body.data.userInfo.id as number;
      expect(await demoBookIsolated(db)).toEqual({ ok: true, problems: [] });
      // What must never happen: a transfer from a demo account to a real one. The ledger refuses it outright.
      const demoAvailable = await accountId(db, { userId: demoId, book: 'demo', currencyId: USDT, kind: 'available' });
      const realAvailable = await accountId(db, {
        userId: real.userId,
        book: 'real',
        currencyId: USDT,
        kind: 'available',
      });
      const leak = db.transaction().execute((transaction) =>
        postEntry(
          transaction,
          {
            reasonCode: 'test.leak',
            referenceType: 'test',
            referenceId: 'leak',
            actorType: 'system',
            actorId: 'wallet-test',
            memo: '',
            tickId: null,
            tickSource: null,
            postings: [
              { accountId: demoAvailable, currencyId: USDT, amount: -1n },
              { accountId: realAvailable, currencyId: USDT, amount: 1n },
            ],
          },
          scratch.clock.now,
        ),
      );
      await expect(leak).rejects.toBeInstanceOf(LedgerInvariantError);
      expect(await demoBookIsolated(db)).toEqual({ ok: true, problems: [] });
      // Accounts opened in the wrong book are what the detector still has to find.
      await accountId(db, { userId: demoId, book: 'real', currencyId: USD, kind: 'available' });
      await accountId(db, { userId: real.userId, book: 'demo', currencyId: USD, kind: 'available' });
      const report = await demoBookIsolated(db);
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([
        expect.stringMatching(new RegExp(`^account \\d+: demo customer ${demoId} has an account in the real book$`)),
        expect.stringMatching(
          new RegExp(`^account \\d+: user ${real.userId} is not a demo customer but has a demo account$`),
        ),
      ]);
    } finally {
      await scratch.close();
    }
  });

  it('leaving is single-use: of concurrent returns with one demo token exactly one gets a real token', async () => {
    const real = await registerCustomer(server);
    const demo = (await server.post(SWITCH, {}, { token: real.token })).body.data.token as string;
    const answers = await Promise.all(Array.from({ length: 4 }, () => server.post(SWITCH, {}, { token: demo })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.body.code !== 200)) expect(answer.body.code).toBe(401);
    const { db } = server.context.database;
    const live = await db
      .selectFrom('session_token')
      .select('token_hash')
      .where('user_id', '=', real.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('a demo session cannot return once the real login it came from has ended (password change)', async () => {
    const real = await registerCustomer(server, 'Passw0rd1');
    const demo = (await server.post(SWITCH, {}, { token: real.token })).body.data.token as string;
    const changed = await server.post(
      '/api/userInfo/updateUserPwd',
      { oldPwd: 'Passw0rd1', newPwd: 'Passw0rd2' },
      { token: real.token },
    );
    expect(changed.body.code).toBe(200);
    const back = await server.post(SWITCH, {}, { token: demo });
    expect(back.body).toMatchObject({ code: 401, msg: 'error.session_expired' });
    expect((await info(demo)).code).toBe(401);
  });

  it('a demo account cannot be logged in to, and a guest account has no demo', async () => {
    const real = await registerCustomer(server);
    const demoId = (await server.post(SWITCH, {}, { token: real.token })).body.data.userInfo.id as number;
    for (const userPwd of ['', 'Passw0rd1', '!demo-account-has-no-password']) {
      const login = await server.post('/api/userInfo/login', { userAccount: `demo-${real.userId}`, userPwd });
      expect(login.body.code).toBe(500);
    }
    expect(demoId).toBeGreaterThan(0);
    const guest = await registerCustomer(server);
    await server.context.database.db
      .updateTable('user_account')
      .set({ account_type: 1 })
      .where('id', '=', guest.userId)
      .execute();
    expect((await server.post(SWITCH, {}, { token: guest.token })).body).toMatchObject({
      code: 500,
      msg: 'error.invalid_account_type',
    });
    expect(
      await server.context.database.db
        .selectFrom('demo_link')
        .selectAll()
        .where('real_user_id', '=', guest.userId)
        .execute(),
    ).toEqual([]);
    expect((await server.post(SWITCH, {})).body.code).toBe(401);
  });
});
