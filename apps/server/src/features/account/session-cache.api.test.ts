/**
 * The token-to-session cache (issue 12): a session read once is answered from memory, yet every path
 * that ends it (logout, password change and reset, log out other devices, revoke one, leaving demo
 * mode, an operator's lock) is refused on the very next request. Each test first proves the tokens are
 * cached, so a refusal cannot come from a database read the cache would have skipped.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { sha256Hex } from '../../core/secrets';
import { SESSION_CACHE_TIME_TO_LIVE_MS, sessionCacheOf } from '../../core/session-cache';
import { enterDemo, loginAs, sessionCode } from './self-service.test-helper';

describeOnEachDatabase('session cache: ended sessions are refused at once', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const cache = () => sessionCacheOf(server.context.database.db, server.clock.read);
  /** Uses each token once (200), after which it must be in the cache. */
  const warm = async (...tokens: string[]) => {
    for (const token of tokens) {
      expect(await sessionCode(server, token)).toBe(200);
      expect(cache().get(sha256Hex(token)), 'cached').toBeDefined();
    }
  };
  const refusedAll = async (...tokens: string[]) => {
    for (const token of tokens) expect(await sessionCode(server, token)).toBe(401);
  };

  it('answers a repeated request from memory, trusting it no longer than its time to live', async () => {
    const customer = await registerCustomer(server);
    await warm(customer.token);
    // Revoked behind the app's back (no path of the app does this): the cache still answers, which is
    // why every path that ends a session must tell it; the time to live bounds what a lost message costs.
    await server.context.database.db
      .updateTable('session_token')
      .set({ revoked_at: server.clock.now })
      .where('token_hash', '=', sha256Hex(customer.token))
      .execute();
    expect(await sessionCode(server, customer.token)).toBe(200);
    server.clock.advance(SESSION_CACHE_TIME_TO_LIVE_MS);
    expect(await sessionCode(server, customer.token)).toBe(401);
    // Refused tokens are never cached: each one reads the database.
    expect(cache().get(sha256Hex(customer.token))).toBeUndefined();
  });

  it('logout: the session and the demo session entered from it', async () => {
    const customer = await registerCustomer(server);
    const demo = await enterDemo(server, customer.token);
    await warm(customer.token, demo);
    expect((await server.post('/api/userInfo/loginOut', {}, { token: customer.token })).body.code).toBe(200);
    await refusedAll(customer.token, demo);
  });

  it('password change: every other session and their demo sessions; the fresh token works', async () => {
    const customer = await registerCustomer(server, 'First1234');
    const other = await loginAs(server, customer.email, 'First1234');
    const demo = await enterDemo(server, other);
    await warm(customer.token, other, demo);
    const changed = await server.post(
      '/api/userInfo/updateUserPwd',
      { oldPwd: 'First1234', newPwd: 'Second123' },
      { token: customer.token },
    );
    expect(changed.body.code).toBe(200);
    await refusedAll(customer.token, other, demo);
    expect(await sessionCode(server, changed.body.data.token)).toBe(200);
  });

  it('password reset while logged out', async () => {
    const customer = await registerCustomer(server, 'Before123');
    await warm(customer.token);
    await server.post('/api/userInfo/sendEmailVerificationCode', { email: customer.email, purpose: 'reset' });
    const reset = await server.post('/api/userInfo/resetPassword', {
      userAccount: customer.email,
      yzmCode: server.notifier.codeFor(customer.email),
      newPwd: 'After1234',
    });
    expect(reset.body.code).toBe(200);
    await refusedAll(customer.token);
  });

  it('log out other devices, and revoke one session by its id', async () => {
    const customer = await registerCustomer(server);
    const second = await loginAs(server, customer.email, 'Passw0rd1');
    const third = await loginAs(server, customer.email, 'Passw0rd1');
    await warm(customer.token, second, third);
    const others = await server.post('/api/userSession/revokeOthers', {}, { token: customer.token });
    expect(others.body.data).toEqual({ revoked: 2 });
    await refusedAll(second, third);
    expect(await sessionCode(server, customer.token)).toBe(200);

    const fourth = await loginAs(server, customer.email, 'Passw0rd1');
    await warm(fourth);
    const listed = await server.get('/api/userSession/list', { token: customer.token });
    const fourthId = (listed.body.rows as { sessionId: string; current: number }[]).find((row) => row.current === 0);
    const revoked = await server.post(
      '/api/userSession/revoke',
      { sessionId: fourthId?.sessionId ?? '' },
      { token: customer.token },
    );
    expect(revoked.body.data).toEqual({ revoked: 1 });
    await refusedAll(fourth);
  });

  it('leaving demo mode ends the demo session and the real one it was entered from', async () => {
    const customer = await registerCustomer(server);
    const demo = await enterDemo(server, customer.token);
    await warm(customer.token, demo);
    const back = await server.post('/api/userInfo/changeLoginModel', {}, { token: demo });
    expect(back.body.code).toBe(200);
    await refusedAll(customer.token, demo);
    expect(await sessionCode(server, back.body.data.token)).toBe(200);
  });

  it("an operator's lock: the customer's sessions and demo sessions, until the unlock", async () => {
    const support = (await staffToken(server, 'support')).token;
    const customer = await registerCustomer(server);
    const demo = await enterDemo(server, customer.token);
    const bystander = await registerCustomer(server);
    await warm(customer.token, demo, bystander.token);
    const locked = await server.post(
      '/api/operator/customers/lock',
      { id: customer.userId, reason: 'session cache test' },
      { token: support },
    );
    expect(locked.body).toMatchObject({ code: 200, data: { locked: 1 } });
    await refusedAll(customer.token, demo);
    expect(await sessionCode(server, bystander.token)).toBe(200);
    const unlocked = await server.post(
      '/api/operator/customers/unlock',
      { id: customer.userId, reason: 'session cache test' },
      { token: support },
    );
    expect(unlocked.body.code).toBe(200);
    // The ended sessions stay ended; signing in works again.
    await refusedAll(customer.token);
    expect(await sessionCode(server, await loginAs(server, customer.email, 'Passw0rd1'))).toBe(200);
  });
});
