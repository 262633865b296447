import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { sha256Hex } from '../../core/secrets';
import { LOGIN_FAILURES_MAX } from './account-service';
import { CODE_ATTEMPTS_MAX, CODE_RESEND_MS } from './verification-codes';
import {
  enterDemo,
  freshEmail,
  freshPhone,
  loginAs,
  refusedWithoutChange,
  securityKinds,
  sessionCode,
} from './self-service.test-helper';

interface SessionRow {
  sessionId: string;
  current: number;
  createTime: number;
  lastUsedTime: number;
  deviceLabel: string;
  ip: string;
}

describeOnEachDatabase('account self-service: sessions, password change and reset', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const sessions = async (token: string): Promise<SessionRow[]> => {
    const answer = await server.get('/api/userSession/list', { token, query: { pageSize: 100 } });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.total).toBe(answer.body.rows.length);
    return answer.body.rows;
  };

  describe('the session list', () => {
    it('records the device and address at login and lists live sessions with the current one flagged', async () => {
      const customer = await registerCustomer(server);
      server.clock.advance(1_000);
      const longAgent = `Mozilla/5.0 ${'x'.repeat(300)}`;
      const phoneToken = await loginAs(server, customer.email, 'Passw0rd1', longAgent);
      server.clock.advance(1_000);
      const laptopToken = await loginAs(server, customer.email, 'Passw0rd1', 'Laptop\u0007Browser');
      const rows = await sessions(laptopToken);
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({ current: 1, deviceLabel: 'Laptop Browser', ip: '127.0.0.x' });
      expect(rows[1]).toMatchObject({ current: 0, deviceLabel: longAgent.slice(0, 200) });
      // The test client's own user agent.
      expect(rows[2]).toMatchObject({ current: 0, deviceLabel: 'lightMyRequest' });
      expect(new Set(rows.map((row) => row.sessionId)).size).toBe(3);
      // The public id says nothing about the token or its hash.
      const hashes = await server.context.database.db
        .selectFrom('session_token')
        .select('token_hash')
        .where('user_id', '=', customer.userId)
        .execute();
      for (const row of rows) {
        expect(row.sessionId).toMatch(/^[0-9a-f]{32}$/);
        expect(hashes.some((hash) => hash.token_hash.includes(row.sessionId))).toBe(false);
      }
      expect((await sessions(phoneToken)).map((row) => row.current)).toEqual([0, 1, 0]);
      // Expired sessions are not listed: the first one idles out.
      server.clock.advance(7 * 24 * 3600 * 1000 - 1_500);
      await sessionCode(server, laptopToken);
      await sessionCode(server, phoneToken);
      server.clock.advance(1_000);
      expect(await sessions(laptopToken)).toHaveLength(2);
    });

    it('log out other devices: ends every other session and the demo sessions entered from them, not this one', async () => {
      const customer = await registerCustomer(server);
      const other = await loginAs(server, customer.email, 'Passw0rd1');
      const third = await loginAs(server, customer.email, 'Passw0rd1');
      const demoFromOther = await enterDemo(server, other);
      const demoFromThis = await enterDemo(server, customer.token);
      const stranger = await registerCustomer(server);
      const revoked = await server.post('/api/userSession/revokeOthers', {}, { token: customer.token });
      expect(revoked.body).toEqual({ code: 200, msg: 'ok', data: { revoked: 2 } });
      for (const ended of [other, third, demoFromOther]) expect(await sessionCode(server, ended)).toBe(401);
      expect(await sessionCode(server, customer.token)).toBe(200);
      expect(await sessionCode(server, demoFromThis)).toBe(200);
      expect(await sessionCode(server, stranger.token)).toBe(200);
      // The demo session's own row is revoked too, not only refused through its origin.
      const demoRow = await server.context.database.db
        .selectFrom('session_token')
        .select('revoked_at')
        .where('token_hash', '=', sha256Hex(demoFromOther))
        .executeTakeFirstOrThrow();
      expect(demoRow.revoked_at).not.toBeNull();
      expect(await sessions(customer.token)).toHaveLength(1);
      const log = await server.get('/api/securityLog/list', { token: customer.token });
      expect(log.body.rows[0]).toMatchObject({ kind: 'sessions_revoked', detail: '2' });
      const nothingLeft = await server.post('/api/userSession/revokeOthers', {}, { token: customer.token });
      expect(nothingLeft.body.data).toEqual({ revoked: 0 });
      expect(await securityKinds(server, customer.token)).toEqual(['sessions_revoked', 'login', 'login']);
    });

    it("revokes one session by its id (and its demo sessions); someone else's or an unknown id is refused", async () => {
      const customer = await registerCustomer(server);
      const other = await loginAs(server, customer.email, 'Passw0rd1');
      const demoFromOther = await enterDemo(server, other);
      const stranger = await registerCustomer(server);
      const strangerId = (await sessions(stranger.token))[0]?.sessionId ?? '';
      await refusedWithoutChange(
        server,
        customer.userId,
        () => server.post('/api/userSession/revoke', { sessionId: strangerId }, { token: customer.token }),
        'error.session_not_found',
      );
      expect(await sessionCode(server, stranger.token)).toBe(200);
      await refusedWithoutChange(
        server,
        customer.userId,
        () => server.post('/api/userSession/revoke', { sessionId: 'f'.repeat(32) }, { token: customer.token }),
        'error.session_not_found',
      );
      const otherId = (await sessions(customer.token)).find((row) => row.current === 0)?.sessionId ?? '';
      const revoked = await server.post('/api/userSession/revoke', { sessionId: otherId }, { token: customer.token });
      expect(revoked.body.data).toEqual({ revoked: 1 });
      expect(await sessionCode(server, other)).toBe(401);
      expect(await sessionCode(server, demoFromOther)).toBe(401);
      await refusedWithoutChange(
        server,
        customer.userId,
        () => server.post('/api/userSession/revoke', { sessionId: otherId }, { token: customer.token }),
        'error.session_not_found',
      );
      // Revoking the current session is a logout.
      const currentId = (await sessions(customer.token))[0]?.sessionId ?? '';
      const self = await server.post('/api/userSession/revoke', { sessionId: currentId }, { token: customer.token });
      expect(self.body.data).toEqual({ revoked: 1 });
      expect(await sessionCode(server, customer.token)).toBe(401);
    });

    it('refuses the session calls from a demo session', async () => {
      const customer = await registerCustomer(server);
      const demoToken = await enterDemo(server, customer.token);
      const list = await server.get('/api/userSession/list', { token: demoToken });
      expect(list.body).toMatchObject({ code: 500, msg: 'error.real_account_only' });
      await refusedWithoutChange(
        server,
        customer.userId,
        () => server.post('/api/userSession/revokeOthers', {}, { token: demoToken }),
        'error.real_account_only',
      );
    });
  });

  describe('password change', () => {
    it('ends every other session and their demo sessions, answering a working token for this device', async () => {
      const customer = await registerCustomer(server, 'First1234');
      const other = await loginAs(server, customer.email, 'First1234');
      const demoFromOther = await enterDemo(server, other);
      const demoFromThis = await enterDemo(server, customer.token);
      const changed = await server.post(
        '/api/userInfo/updateUserPwd',
        { oldPwd: 'First1234', newPwd: 'Second123' },
        { token: customer.token, headers: { 'user-agent': 'Changer/2' } },
      );
      expect(changed.body.code).toBe(200);
      const fresh = changed.body.data.token as string;
      for (const ended of [customer.token, other, demoFromOther, demoFromThis]) {
        expect(await sessionCode(server, ended)).toBe(401);
      }
      expect(await sessionCode(server, fresh)).toBe(200);
      expect(await sessions(fresh)).toMatchObject([{ current: 1, deviceLabel: 'Changer/2' }]);
      // The fresh session can enter demo mode again, and the demo way back works.
      const demoAgain = await enterDemo(server, fresh);
      expect(await sessionCode(server, demoAgain)).toBe(200);
      expect(await securityKinds(server, fresh)).toEqual(['password_changed', 'login']);
    });

    it('is refused from a demo session, changing nothing', async () => {
      const customer = await registerCustomer(server, 'First1234');
      const demoToken = await enterDemo(server, customer.token);
      await refusedWithoutChange(
        server,
        customer.userId,
        () =>
          server.post(
            '/api/userInfo/updateUserPwd',
            { oldPwd: 'First1234', newPwd: 'Second123' },
            { token: demoToken },
          ),
        'error.real_account_only',
      );
    });
  });

  describe('password reset while logged out', () => {
    const sendResetEmail = (email: string) =>
      server.post('/api/userInfo/sendEmailVerificationCode', { email, purpose: 'reset' });
    const reset = (userAccount: string, yzmCode: string, newPwd = 'Reset1234', areaCode?: string) =>
      server.post('/api/userInfo/resetPassword', { userAccount, yzmCode, newPwd, ...(areaCode ? { areaCode } : {}) });
    const messagesTo = (to: string) => server.notifier.messages.filter((message) => message.to === to).length;

    it('answers the same whether or not an account exists, and sends nothing for an unknown one', async () => {
      const customer = await registerCustomer(server);
      const unknown = freshEmail('nobody');
      const known = await sendResetEmail(customer.email);
      const missing = await sendResetEmail(unknown);
      expect(missing.body).toEqual(known.body);
      expect(known.body).toEqual({ code: 200, msg: 'ok', data: { resendAfterSeconds: CODE_RESEND_MS / 1000 } });
      expect(messagesTo(unknown)).toBe(0);
      expect(server.notifier.messages.at(-1)?.to).not.toBe(unknown);
      expect(messagesTo(customer.email)).toBeGreaterThan(0);
      const knownAgain = await sendResetEmail(customer.email);
      const missingAgain = await sendResetEmail(unknown);
      expect(missingAgain.body).toEqual(knownAgain.body);
      expect(knownAgain.body.msg).toBe('error.code_resend_too_soon');
      expect((await reset(unknown, '123456')).body).toEqual((await reset(customer.email, '000000')).body);
      expect((await reset(unknown, '123456')).body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
      const phone = freshPhone();
      const phoneAnswer = await server.post('/api/userInfo/sendPhoneVerificationCode', {
        phone,
        areaCode: '86',
        purpose: 'reset',
      });
      expect(phoneAnswer.body.code).toBe(200);
      expect(messagesTo(`+86${phone}`)).toBe(0);
    });

    it('ends every session and demo session, clears the login lock, and logs it', async () => {
      const customer = await registerCustomer(server, 'Before123');
      const other = await loginAs(server, customer.email, 'Before123');
      const demoFromOther = await enterDemo(server, other);
      const demoFromFirst = await enterDemo(server, customer.token);
      for (let attempt = 0; attempt < LOGIN_FAILURES_MAX; attempt += 1) {
        await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Wrong1234' });
      }
      const locked = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Before123' });
      expect(locked.body.msg).toBe('error.account_locked');
      await sendResetEmail(customer.email);
      const code = server.notifier.codeFor(customer.email);
      const done = await reset(customer.email.toUpperCase(), code, 'After1234');
      expect(done.body).toEqual({ code: 200, msg: 'ok' });
      for (const ended of [customer.token, other, demoFromOther, demoFromFirst]) {
        expect(await sessionCode(server, ended)).toBe(401);
      }
      const live = await server.context.database.db
        .selectFrom('session_token')
        .select('token_hash')
        .where('user_id', '=', customer.userId)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
      const oldPassword = await server.post('/api/userInfo/login', {
        userAccount: customer.email,
        userPwd: 'Before123',
      });
      expect(oldPassword.body.msg).toBe('error.invalid_credentials');
      const fresh = await loginAs(server, customer.email, 'After1234');
      const kinds = await securityKinds(server, fresh);
      expect(kinds.slice(0, 2)).toEqual(['login', 'password_reset']);
      // The code was spent.
      expect((await reset(customer.email, code, 'Again1234')).body.msg).toBe('error.code_invalid');
    });

    it('guess-limits the code: after the allowed wrong guesses even the right code is refused, nothing changed', async () => {
      const customer = await registerCustomer(server, 'Keep12345');
      await sendResetEmail(customer.email);
      const code = server.notifier.codeFor(customer.email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < CODE_ATTEMPTS_MAX; attempt += 1) {
        await refusedWithoutChange(server, customer.userId, () => reset(customer.email, wrong), 'error.code_invalid');
      }
      await refusedWithoutChange(server, customer.userId, () => reset(customer.email, code), 'error.code_invalid');
      expect(await sessionCode(server, customer.token)).toBe(200);
      await loginAs(server, customer.email, 'Keep12345');
    });

    it('50 parallel guesses get at most the allowed number of checks', async () => {
      const customer = await registerCustomer(server, 'Keep12345');
      await sendResetEmail(customer.email);
      const code = server.notifier.codeFor(customer.email);
      const guesses = Array.from({ length: 50 }, (_, index) => String(index).padStart(6, '0')).filter(
        (guess) => guess !== code,
      );
      const answers = await Promise.all(guesses.map((guess) => reset(customer.email, guess)));
      expect(answers.every((answer) => answer.body.msg === 'error.code_invalid')).toBe(true);
      const row = await server.context.database.db
        .selectFrom('verification_code')
        .select('attempt_count')
        .where('target', '=', customer.email)
        .where('purpose', '=', 'reset')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.attempt_count).toBe(CODE_ATTEMPTS_MAX);
      expect((await reset(customer.email, code)).body.msg).toBe('error.code_invalid');
    });

    it('refuses a reset code for another address, a weak password (keeping the code), changing nothing', async () => {
      const customer = await registerCustomer(server, 'Keep12345');
      const other = await registerCustomer(server);
      await sendResetEmail(other.email);
      const othersCode = server.notifier.codeFor(other.email);
      await refusedWithoutChange(
        server,
        customer.userId,
        () => reset(customer.email, othersCode),
        'error.code_invalid',
      );
      await sendResetEmail(customer.email);
      const code = server.notifier.codeFor(customer.email);
      for (const weak of ['short1', '12345678', 'no_symbols1']) {
        await refusedWithoutChange(
          server,
          customer.userId,
          () => reset(customer.email, code, weak),
          'error.password_rule',
        );
      }
      await refusedWithoutChange(server, customer.userId, () => reset('not an account', code), 'error.code_invalid');
      // None of those cost either code an attempt: both still work.
      expect((await reset(customer.email, code, 'Works1234')).body.code).toBe(200);
      expect((await reset(other.email, othersCode, 'Other1234')).body.code).toBe(200);
    });

    it('resets by a bound phone: the code goes to the account’s own phone', async () => {
      const customer = await registerCustomer(server, 'Keep12345');
      const phone = freshPhone();
      await server.post('/api/userInfo/sendPhoneVerificationCode', { phone, areaCode: '86', purpose: 'bind' });
      const bound = await server.post(
        '/api/userInfo/bindPhone',
        { areaCode: '86', phone, yzmCode: server.notifier.codeFor(`+86${phone}`) },
        { token: customer.token },
      );
      expect(bound.body.code).toBe(200);
      await server.post('/api/userInfo/sendPhoneVerificationCode', { phone, areaCode: '86', purpose: 'reset' });
      const code = server.notifier.codeFor(`+86${phone}`);
      expect((await reset(`86-${phone}`, code, 'ByPhone123')).body.code).toBe(200);
      expect(await sessionCode(server, customer.token)).toBe(401);
      await loginAs(server, customer.email, 'ByPhone123');
    });
  });
});
