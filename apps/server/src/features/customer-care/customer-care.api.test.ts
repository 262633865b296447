import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { newKey } from '../funding/funding.test-helper';
import { reconcile } from '../ledger/reconcile';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../account/session-service';
import { CUSTOMER_SESSION_ABSOLUTE_MS, CUSTOMER_SESSION_IDLE_MS } from './customer-sessions';

const PASSWORD = 'Passw0rd1';
const CUSTOMERS = '/api/operator/customers';
const LOCK = '/api/operator/customers/lock';
const UNLOCK = '/api/operator/customers/unlock';

describe('customer sessions, as the console reads them', () => {
  it('live as long as features/account says', () => {
    expect(CUSTOMER_SESSION_IDLE_MS).toBe(SESSION_IDLE_MS);
    expect(CUSTOMER_SESSION_ABSOLUTE_MS).toBe(SESSION_ABSOLUTE_MS);
  });
});

describeOnEachDatabase('operator customers: search, detail, statement, sessions, lock', (dialect) => {
  let server: TestServer;
  let admin: string;
  let support: string;
  let finance: string;
  let content: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await staffToken(server, 'admin')).token;
    support = (await staffToken(server, 'support')).token;
    finance = (await staffToken(server, 'finance')).token;
    content = (await staffToken(server, 'content')).token;
  });

  afterAll(async () => {
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
    await server.close();
  });

  const auditRows = async () => {
    const row = await server.context.database.db
      .selectFrom('operator_audit')
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  };
  const login = (email: string) => server.post('/api/userInfo/login', { userAccount: email, userPwd: PASSWORD });

  it('finds customers by a part of the email, an exact id or an invite code, newest first', async () => {
    const first = await registerCustomer(server);
    const second = await registerCustomer(server);
    const all = await server.get(CUSTOMERS, { token: support });
    expect(all.body.code).toBe(200);
    expect(all.body.rows[0].id).toBe(second.userId);
    expect(all.body.total).toBeGreaterThanOrEqual(2);

    const byEmail = await server.get(CUSTOMERS, {
      token: support,
      query: { search: first.email.slice(0, 12).toUpperCase() },
    });
    expect(byEmail.body.rows.map((row: { id: number }) => row.id)).toEqual([first.userId]);
    const byId = await server.get(CUSTOMERS, { token: finance, query: { search: String(second.userId) } });
    expect(byId.body.rows.map((row: { id: number }) => row.id)).toContain(second.userId);
    const inviteCode = byId.body.rows.find((row: { id: number }) => row.id === second.userId).inviteCode;
    const byInvite = await server.get(CUSTOMERS, { token: admin, query: { search: inviteCode.toLowerCase() } });
    expect(byInvite.body.rows.map((row: { id: number }) => row.id)).toContain(second.userId);
    const patternIsText = await server.get(CUSTOMERS, { token: admin, query: { search: '%_%' } });
    expect(patternIsText.body).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('shows the detail, the demo link, ledger balances and the statement', async () => {
    const customer = await registerCustomer(server);
    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token });
    expect(demo.body.code).toBe(200);
    const demoId = demo.body.data.userInfo.id as number;

    const detail = await server.get('/api/operator/customers/detail', {
      token: support,
      query: { id: customer.userId },
    });
    expect(detail.body.code).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: customer.userId,
      email: customer.email,
      accountType: 0,
      linkedUserId: demoId,
      locked: 0,
      lock: null,
      openContracts: 0,
      pendingWithdrawals: 0,
    });
    expect(detail.body.data.identity).toEqual([
      { level: 0, status: 0, submittedAt: null, reviewedAt: null },
      { level: 1, status: 0, submittedAt: null, reviewedAt: null },
    ]);
    expect(detail.body.data.lastSignInAt).toBe(null);
    const demoBalance = detail.body.data.balances.find((balance: { book: string }) => balance.book === 'demo');
    expect(demoBalance.available).toMatch(/^[1-9]\d*\.\d+$/);

    const demoDetail = await server.get('/api/operator/customers/detail', { token: admin, query: { id: demoId } });
    expect(demoDetail.body.data).toMatchObject({ accountType: 2, linkedUserId: customer.userId });

    const statement = await server.get('/api/operator/customers/statement', { token: finance, query: { id: demoId } });
    expect(statement.body.code).toBe(200);
    expect(statement.body.total).toBe(1);
    expect(statement.body.rows[0]).toMatchObject({
      reasonCode: 'demo.opening_balance',
      book: 'demo',
      kind: 'available',
    });

    const unknown = await server.get('/api/operator/customers/detail', { token: admin, query: { id: 999_999 } });
    expect(unknown.body).toMatchObject({ code: 500, msg: 'error.customer_not_found' });
  });

  it('lists live sessions without their tokens', async () => {
    const customer = await registerCustomer(server);
    await login(customer.email);
    const sessions = await server.get('/api/operator/customers/sessions', {
      token: support,
      query: { id: customer.userId },
    });
    expect(sessions.body.code).toBe(200);
    expect(sessions.body.total).toBe(2);
    const text = JSON.stringify(sessions.body);
    expect(text).not.toContain(customer.token);
    expect(Object.keys(sessions.body.rows[0]).sort()).toEqual([
      'createdAt',
      'deviceLabel',
      'ip',
      'lastUsedAt',
      'sessionId',
    ]);
  });

  it('a lock ends the sessions at once and refuses sign-in until the unlock; each writes one audit row', async () => {
    const customer = await registerCustomer(server);
    const second = (await login(customer.email)).body.data.token as string;
    const demo = (await server.post('/api/userInfo/changeLoginModel', {}, { token: second })).body.data.token as string;
    expect((await server.get('/api/userInfo/getUserInfo', { token: customer.token })).body.code).toBe(200);

    const before = await auditRows();
    const locked = await server.post(
      LOCK,
      { id: customer.userId, reason: 'card fraud report #42' },
      { token: support },
    );
    expect(locked.body).toMatchObject({ code: 200, data: { id: customer.userId, locked: 1, sessionsEnded: 2 } });
    expect(await auditRows()).toBe(before + 1);
    const audit = await server.context.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'customer.lock',
      target_id: String(customer.userId),
      reason: 'card fraud report #42',
    });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ locked: true });

    for (const token of [customer.token, second, demo])
      expect((await server.get('/api/userInfo/getUserInfo', { token })).body.code).toBe(401);
    expect((await login(customer.email)).body).toMatchObject({ code: 500, msg: 'error.account_suspended' });
    // A wrong password still reads as a wrong password: the lock is told only to whoever knows it.
    expect(
      (await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Wrong0pass' })).body.msg,
    ).toBe('error.invalid_credentials');
    const sessions = await server.get('/api/operator/customers/sessions', {
      token: admin,
      query: { id: customer.userId },
    });
    expect(sessions.body.total).toBe(0);
    const detail = await server.get('/api/operator/customers/detail', { token: admin, query: { id: customer.userId } });
    expect(detail.body.data.lock).toMatchObject({ reason: 'card fraud report #42' });

    const again = await server.post(LOCK, { id: customer.userId, reason: 'again' }, { token: admin });
    expect(again.body).toMatchObject({ code: 500, msg: 'error.customer_already_locked' });
    expect(await auditRows()).toBe(before + 1);

    const unlocked = await server.post(
      UNLOCK,
      { id: customer.userId, reason: 'cleared by the bank' },
      { token: admin },
    );
    expect(unlocked.body).toMatchObject({ code: 200, data: { locked: 0 } });
    expect(await auditRows()).toBe(before + 2);
    const back = await login(customer.email);
    expect(back.body.code).toBe(200);
    expect((await server.get('/api/userInfo/getUserInfo', { token: back.body.data.token })).body.code).toBe(200);

    const unlockAgain = await server.post(UNLOCK, { id: customer.userId, reason: 'again' }, { token: admin });
    expect(unlockAgain.body).toMatchObject({ code: 500, msg: 'error.customer_not_locked' });
    expect(await auditRows()).toBe(before + 2);
  });

  it('refuses bad lock input, a demo account and an unknown customer, changing nothing', async () => {
    const customer = await registerCustomer(server);
    const demoId = (await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token })).body.data
      .userInfo.id as number;
    const before = await auditRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ id: customer.userId }, 'error.required'],
      [{ id: customer.userId, reason: '   ' }, 'error.invalid_param'],
      [{ id: customer.userId, reason: 'x'.repeat(501) }, 'error.invalid_param'],
      [{ id: 'abc', reason: 'why' }, 'error.invalid_param'],
      [{ id: 999_999, reason: 'why' }, 'error.customer_not_found'],
      [{ id: demoId, reason: 'why' }, 'error.customer_lock_real_only'],
    ];
    for (const [body, msg] of cases) {
      const answer = await server.post(LOCK, body, { token: support });
      expect(answer.body.code, JSON.stringify(body)).toBe(500);
      if (msg !== 'error.invalid_param') expect(answer.body.msg, JSON.stringify(body)).toBe(msg);
    }
    expect(await auditRows()).toBe(before);
    expect((await server.get('/api/userInfo/getUserInfo', { token: customer.token })).body.code).toBe(200);
  });

  it('refuses the roles an endpoint does not name, and customer tokens', async () => {
    const customer = await registerCustomer(server);
    const before = await auditRows();
    const forbidden = async (
      token: string,
      method: 'get' | 'post',
      path: string,
      input: Record<string, string | number>,
    ) => {
      const answer =
        method === 'get'
          ? await server.get(path, { token, query: input })
          : await server.post(path, input, { token, headers: { 'idempotency-key': newKey() } });
      expect(answer.body, `${path}`).toMatchObject({ code: 500, msg: 'error.operator_forbidden' });
    };
    await forbidden(content, 'get', CUSTOMERS, {});
    await forbidden(content, 'get', '/api/operator/customers/detail', { id: customer.userId });
    await forbidden(content, 'get', '/api/operator/customers/statement', { id: customer.userId });
    await forbidden(content, 'get', '/api/operator/customers/sessions', { id: customer.userId });
    await forbidden(content, 'post', LOCK, { id: customer.userId, reason: 'r' });
    await forbidden(finance, 'post', LOCK, { id: customer.userId, reason: 'r' });
    await forbidden(finance, 'post', UNLOCK, { id: customer.userId, reason: 'r' });
    // Refused before the input is read: a bad body gets the same answer.
    await forbidden(content, 'post', LOCK, { id: 'not a number' });
    for (const path of [CUSTOMERS, '/api/operator/dashboard', '/api/operator/adjustments'])
      expect((await server.get(path, { token: customer.token })).body.code, path).toBe(401);
    expect((await server.post(LOCK, { id: customer.userId, reason: 'r' }, { token: customer.token })).body.code).toBe(
      401,
    );
    expect(await auditRows()).toBe(before);
  });
});
