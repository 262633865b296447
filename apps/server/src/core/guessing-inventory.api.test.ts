/**
 * Every guessable secret of the server, attacked with 50 parallel guesses (issue 18). The inventory
 * (grep of apps/server/src for attempt guards, codes and passwords):
 *
 * | secret                                         | guard                                  | suite                      |
 * | ---------------------------------------------- | -------------------------------------- | -------------------------- |
 * | customer password at login                     | login lock: 5, then 15 min             | attempt-guard.api.test.ts  |
 * | old password when changing it (updateUserPwd)  | the same login lock                    | attempt-guard.api.test.ts  |
 * | registration code sent to an email             | 5 attempts per code                    | attempt-guard.api.test.ts  |
 * | staff password, staff TOTP code                | staff lock: 5, then 15 min; code once  | attempt-guard.api.test.ts  |
 * | withdrawal password on the change form         | withdrawal lock: 5, then 24 h          | attempt-guard.api.test.ts  |
 * | registration code sent to a phone              | 5 attempts per code                    | here                       |
 * | password reset code (email and phone)          | 5 attempts per code                    | here                       |
 * | bind code for a new email, for a new phone     | 5 attempts per code                    | here                       |
 * | withdrawal password at withdrawal (outMoney)   | the withdrawal lock                    | here                       |
 * | login password proving the FIRST withdrawal    | the withdrawal lock                    | here                       |
 * |   password (updateUserWithPwd, none set yet)   |                                        |                            |
 * | login password over two login names (email and | one login lock per account             | here                       |
 * |   bound phone) and updateUserPwd at once       |                                        |                            |
 * | withdrawal password over outMoney and the      | one withdrawal lock per customer       | here                       |
 * |   change form at once                          |                                        |                            |
 * | invite codes (registration)                    | per-IP rate limit only (not a secret:  | here                       |
 * |                                                |   customers share them)                |                            |
 * | the demo switch (changeLoginModel both ways),  | one demo account; the way back is      | here                       |
 * |   and the demo account's login name            |   single use; no password ever matches |                            |
 *
 * Not guessable, so not attacked here: session and staff tokens (256 random bits, stored as SHA-256),
 * session ids for revoke (random, scoped to their owner), upload keys (SHA-256 of the bytes; ownership is
 * checked: self-service.api.test.ts), Idempotency-Keys (scoped to their owner).
 *
 * Each attack asserts 0 bypasses: no guess past the limit is checked, and once the lock (or the spent
 * code) is due, the right secret is refused too.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeOnEachDatabase,
  registerCustomer,
  startTestServer,
  type Answer,
  type TestServer,
} from '../test/harness';
import { LOGIN_FAILURES_MAX } from '../features/account/account-service';
import { CODE_ATTEMPTS_MAX } from '../features/account/verification-codes';
import { WITHDRAWAL_PASSWORD_ATTEMPTS_MAX } from '../features/funding/withdrawal-password';
import {
  addWalletAddress,
  CHANNELS,
  setWithdrawalPassword,
  WITHDRAWAL_PASSWORD,
} from '../features/funding/funding.test-helper';
import { credit, ledgerBalances, USDT } from '../features/wallet/test-support';
import { freshEmail, freshPhone, registerByPhone } from '../features/account/self-service.test-helper';
import { DEMO_OPENING_REASON } from '../features/account/demo-account-service';

/** Guesses sent at once in each attack, as in attempt-guard.api.test.ts. */
const PARALLEL_GUESSES = 50;

function countBy(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status === 200 ? String(answer.body.msg) : `HTTP ${answer.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** A six-digit code that is not `right`. */
function wrongCode(right: string, offset = 1): string {
  return String((Number(right) + offset) % 1_000_000).padStart(6, '0');
}

describeOnEachDatabase('guessing every other secret in parallel', (dialect) => {
  let server: TestServer;
  const tally = { secrets: 0, guesses: 0 };

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    console.log(`guessing inventory [${dialect}]: ${tally.secrets} secrets attacked with ${tally.guesses} guesses`);
    await server.close();
  });

  /** Sends the guesses at once and counts them. */
  async function attack(secret: string, guesses: (() => Promise<Answer>)[]): Promise<Answer[]> {
    tally.secrets += 1;
    tally.guesses += guesses.length;
    const answers = await Promise.all(guesses.map((guess) => guess()));
    for (const answer of answers) expect(answer.status, `${secret}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answers;
  }

  async function attemptsOf(target: string, purpose: 'register' | 'bind' | 'reset'): Promise<number> {
    const row = await server.context.database.db
      .selectFrom('verification_code')
      .select('attempt_count')
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.attempt_count;
  }

  it('registration code sent to a phone: 50 guesses at once spend it, the right code then fails, no account', async () => {
    const phone = freshPhone();
    const sent = await server.post('/api/userInfo/sendPhoneVerificationCode', { phone, areaCode: '86' });
    expect(sent.body.code).toBe(200);
    const code = server.notifier.codeFor(`+86${phone}`);
    const register = (yzmCode: string) => () =>
      server.post('/api/userInfo/reg', {
        userAccount: phone,
        areaCode: '86',
        userPwd: 'Secret123',
        yzmCode,
        regType: 0,
      });
    // The right code is the last of the batch: the five attempts are gone by the time it is checked.
    const answers = await attack(
      'phone registration code',
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
        register(index === PARALLEL_GUESSES - 1 ? code : wrongCode(code, index + 1)),
      ),
    );
    expect(countBy(answers)).toEqual({ 'error.code_invalid': PARALLEL_GUESSES });
    expect(await attemptsOf(`86-${phone}`, 'register')).toBe(CODE_ATTEMPTS_MAX);
    expect((await register(code)()).body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
    const account = await server.context.database.db
      .selectFrom('user_account')
      .select('id')
      .where('user_account', '=', `86-${phone}`)
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  it('password reset code, by email and by phone: 50 guesses at once spend it; the password and sessions stay', async () => {
    const byEmail = await registerCustomer(server, 'Original123');
    const byPhone = await registerByPhone(server, 'Original123');
    const cases = [
      {
        userAccount: byEmail.email,
        token: byEmail.token,
        target: byEmail.email,
        notified: byEmail.email,
        send: () => server.post('/api/userInfo/sendEmailVerificationCode', { email: byEmail.email, purpose: 'reset' }),
      },
      {
        userAccount: byPhone.phone,
        token: byPhone.token,
        target: `86-${byPhone.phone}`,
        notified: `+86${byPhone.phone}`,
        send: () =>
          server.post('/api/userInfo/sendPhoneVerificationCode', {
            phone: byPhone.phone,
            areaCode: '86',
            purpose: 'reset',
          }),
      },
    ];
    for (const { userAccount, token, target, notified, send } of cases) {
      expect((await send()).body.code).toBe(200);
      const code = server.notifier.codeFor(notified);
      const reset = (yzmCode: string) => () =>
        server.post('/api/userInfo/resetPassword', { userAccount, areaCode: '86', yzmCode, newPwd: 'Hijacked123' });
      const answers = await attack(
        `reset code (${userAccount})`,
        Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
          reset(index === PARALLEL_GUESSES - 1 ? code : wrongCode(code, index + 1)),
        ),
      );
      expect(countBy(answers)).toEqual({ 'error.code_invalid': PARALLEL_GUESSES });
      expect(await attemptsOf(target, 'reset')).toBe(CODE_ATTEMPTS_MAX);
      expect((await reset(code)()).body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
      // Nothing changed: the session lives, the old password logs in, the attacker's does not.
      expect((await server.get('/api/userInfo/getUserInfo', { token })).body.code).toBe(200);
      const login = (userPwd: string) => server.post('/api/userInfo/login', { userAccount, userPwd });
      expect((await login('Hijacked123')).body.msg).toBe('error.invalid_credentials');
      expect((await login('Original123')).body.code).toBe(200);
    }
  });

  it('bind codes for a new email and a new phone: 50 guesses at once spend them; nothing is bound', async () => {
    const customer = await registerCustomer(server);
    const email = freshEmail('bind-guess');
    const phone = freshPhone();
    const cases = [
      {
        what: 'email bind code',
        target: email,
        send: async () => {
          expect(
            (await server.post('/api/userInfo/sendEmailVerificationCode', { email, purpose: 'bind' })).body.code,
          ).toBe(200);
          return server.notifier.codeFor(email);
        },
        bind: (yzmCode: string) => () =>
          server.post('/api/userInfo/bindEmail', { email, yzmCode }, { token: customer.token }),
      },
      {
        what: 'phone bind code',
        target: `86-${phone}`,
        send: async () => {
          const sent = await server.post('/api/userInfo/sendPhoneVerificationCode', {
            phone,
            areaCode: '86',
            purpose: 'bind',
          });
          expect(sent.body.code).toBe(200);
          return server.notifier.codeFor(`+86${phone}`);
        },
        bind: (yzmCode: string) => () =>
          server.post('/api/userInfo/bindPhone', { areaCode: '86', phone, yzmCode }, { token: customer.token }),
      },
    ];
    for (const { what, target, send, bind } of cases) {
      const code = await send();
      const answers = await attack(
        what,
        Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
          bind(index === PARALLEL_GUESSES - 1 ? code : wrongCode(code, index + 1)),
        ),
      );
      expect(countBy(answers), what).toEqual({ 'error.code_invalid': PARALLEL_GUESSES });
      expect(await attemptsOf(target, 'bind'), what).toBe(CODE_ATTEMPTS_MAX);
      expect((await bind(code)()).body, what).toMatchObject({ code: 500, msg: 'error.code_invalid' });
    }
    const info = await server.get('/api/userInfo/getUserInfo', { token: customer.token });
    expect(info.body.data).toMatchObject({ email: customer.email, phone: null, userAccount: customer.email });
  });

  /** A customer who can withdraw: money, an address, a withdrawal password. */
  async function withdrawer() {
    const customer = await registerCustomer(server, 'Login1234');
    await credit(server, customer.userId, USDT, '1000');
    await setWithdrawalPassword(server, customer.userId);
    return { ...customer, address: await addWalletAddress(server, customer.userId) };
  }

  let idempotencySequence = 0;
  function withdraw(who: { token: string; address: number }, withPwd: string) {
    idempotencySequence += 1;
    return server.post(
      '/api/userWithdraw/outMoney',
      {
        withdrawAmount: '30',
        withPwd,
        withdrawAddressId: who.address,
        withdrawChannelConfigId: CHANNELS.withdrawTrc20,
      },
      { token: who.token, headers: { 'idempotency-key': `guess-${dialect}-${idempotencySequence}` } },
    );
  }

  async function withdrawalsOf(userId: number): Promise<number> {
    const row = await server.context.database.db
      .selectFrom('withdrawal_order')
      .select(sql<number>`count(*)`.as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it('withdrawal password at withdrawal: 50 guesses at once, at most the limit checked, then the right one is refused', async () => {
    const customer = await withdrawer();
    const before = await ledgerBalances(server, customer.userId);
    const answers = await attack(
      'withdrawal password at outMoney',
      Array.from({ length: PARALLEL_GUESSES }, (_, index) => () => withdraw(customer, `Guess${1000 + index}`)),
    );
    const counts = countBy(answers);
    expect(counts['error.withdraw_password_wrong'] ?? 0).toBeLessThan(WITHDRAWAL_PASSWORD_ATTEMPTS_MAX);
    expect(counts['error.withdraw_locked']).toBe(PARALLEL_GUESSES - (counts['error.withdraw_password_wrong'] ?? 0));
    expect((await withdraw(customer, WITHDRAWAL_PASSWORD)).body).toMatchObject({
      code: 500,
      msg: 'error.withdraw_locked',
    });
    expect(await withdrawalsOf(customer.userId)).toBe(0);
    expect(await ledgerBalances(server, customer.userId)).toEqual(before);
  });

  it('the right withdrawal password inside a parallel batch of wrong ones never withdraws once the lock is due', async () => {
    const customer = await withdrawer();
    const answers = await attack(
      'withdrawal password at outMoney, right one 31st',
      Array.from(
        { length: PARALLEL_GUESSES },
        (_, index) => () => withdraw(customer, index === 30 ? WITHDRAWAL_PASSWORD : `Guess${1000 + index}`),
      ),
    );
    expect(answers[30]!.body).toMatchObject({ code: 500, msg: 'error.withdraw_locked' });
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(0);
    expect(await withdrawalsOf(customer.userId)).toBe(0);
  });

  it('setting the first withdrawal password proves the LOGIN password: 50 guesses at once lock it, nothing is set', async () => {
    const customer = await registerCustomer(server, 'Login1234');
    const set = (oldPwd: string) => () =>
      server.post('/api/userInfo/updateUserWithPwd', { oldPwd, newPwd: 'Withdraw123' }, { token: customer.token });
    const answers = await attack(
      'login password proving the first withdrawal password',
      Array.from({ length: PARALLEL_GUESSES }, (_, index) => set(index === 40 ? 'Login1234' : `Guess${1000 + index}`)),
    );
    const counts = countBy(answers);
    expect(counts['error.withdraw_password_wrong'] ?? 0).toBeLessThan(WITHDRAWAL_PASSWORD_ATTEMPTS_MAX);
    expect(counts['error.withdraw_locked']).toBe(PARALLEL_GUESSES - (counts['error.withdraw_password_wrong'] ?? 0));
    expect((await set('Login1234')()).body).toMatchObject({ code: 500, msg: 'error.withdraw_locked' });
    const stored = await server.context.database.db
      .selectFrom('withdrawal_password')
      .select('user_id')
      .where('user_id', '=', customer.userId)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('the withdrawal password over both of its paths at once still gets one count', async () => {
    const customer = await withdrawer();
    const answers = await attack(
      'withdrawal password over outMoney and the change form',
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
        index % 2 === 0
          ? () => withdraw(customer, `Guess${1000 + index}`)
          : () =>
              server.post(
                '/api/userInfo/updateUserWithPwd',
                { oldPwd: `Guess${1000 + index}`, newPwd: 'Another123' },
                { token: customer.token },
              ),
      ),
    );
    const counts = countBy(answers);
    expect(counts['error.withdraw_password_wrong'] ?? 0).toBeLessThan(WITHDRAWAL_PASSWORD_ATTEMPTS_MAX);
    expect(counts['error.withdraw_locked']).toBe(PARALLEL_GUESSES - (counts['error.withdraw_password_wrong'] ?? 0));
    expect(await withdrawalsOf(customer.userId)).toBe(0);
  });

  it('the login password over two login names and the change form at once still gets one count', async () => {
    const customer = await registerCustomer(server, 'Right1234');
    const phone = freshPhone();
    await server.post('/api/userInfo/sendPhoneVerificationCode', { phone, areaCode: '86', purpose: 'bind' });
    const bound = await server.post(
      '/api/userInfo/bindPhone',
      { areaCode: '86', phone, yzmCode: server.notifier.codeFor(`+86${phone}`) },
      { token: customer.token },
    );
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(200);
    const login = (userAccount: string, userPwd: string) => () =>
      server.post('/api/userInfo/login', { userAccount, userPwd });
    const answers = await attack(
      'login password by email, by bound phone and as the old password',
      Array.from({ length: PARALLEL_GUESSES }, (_, index) => {
        const guess = `Wrong${1000 + index}`;
        if (index % 3 === 0) return login(customer.email, guess);
        if (index % 3 === 1) return login(phone, guess);
        return () =>
          server.post(
            '/api/userInfo/updateUserPwd',
            { oldPwd: guess, newPwd: 'Changed123' },
            { token: customer.token },
          );
      }),
    );
    const counts = countBy(answers);
    const checkedWrong = (counts['error.invalid_credentials'] ?? 0) + (counts['error.wrong_old_password'] ?? 0);
    expect(checkedWrong).toBeLessThan(LOGIN_FAILURES_MAX);
    expect(counts['error.account_locked']).toBe(PARALLEL_GUESSES - checkedWrong);
    expect((await login(phone, 'Right1234')()).body).toMatchObject({ code: 500, msg: 'error.account_locked' });
    expect((await login(customer.email, 'Right1234')()).body).toMatchObject({ code: 500, msg: 'error.account_locked' });
    server.clock.advance(15 * 60_000 + 1);
    expect((await login(phone, 'Right1234')()).body.code).toBe(200);
  });

  it('the demo switch: 50 switches at once make one demo account; the way back works once; no password opens it', async () => {
    const customer = await registerCustomer(server);
    const entered = await attack(
      'entering demo',
      Array.from(
        { length: PARALLEL_GUESSES },
        () => () => server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token }),
      ),
    );
    expect(countBy(entered)).toEqual({ ok: PARALLEL_GUESSES });
    const demoIds = new Set(entered.map((answer) => answer.body.data.userInfo.id as number));
    expect(demoIds.size).toBe(1);
    const [demoId] = [...demoIds];
    const { db } = server.context.database;
    const links = await db
      .selectFrom('demo_link')
      .select('demo_user_id')
      .where('real_user_id', '=', customer.userId)
      .execute();
    expect(links).toEqual([{ demo_user_id: demoId }]);
    const openings = await db
      .selectFrom('journal_entry')
      .select(sql<number>`count(*)`.as('count'))
      .where('reason_code', '=', DEMO_OPENING_REASON)
      .where('reference_id', '=', String(demoId))
      .executeTakeFirstOrThrow();
    expect(Number(openings.count)).toBe(1);

    // One demo token, 50 ways back at once: a single real session comes out of it.
    const demoToken: string = entered[0]!.body.data.token;
    const back = await attack(
      'leaving demo with one token',
      Array.from(
        { length: PARALLEL_GUESSES },
        () => () => server.post('/api/userInfo/changeLoginModel', {}, { token: demoToken }),
      ),
    );
    expect(back.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(back.filter((answer) => answer.body.code === 401)).toHaveLength(PARALLEL_GUESSES - 1);

    // The demo account's login name is guessable (demo-<id>); no password, not even its stored text, opens it.
    const demoName = `demo-${customer.userId}`;
    const guesses = ['', 'demo', 'Demo12345', '!demo-account-has-no-password', 'Passw0rd1'];
    const logins = await attack(
      'demo account login',
      Array.from(
        { length: PARALLEL_GUESSES },
        (_, index) => () =>
          server.post('/api/userInfo/login', {
            userAccount: demoName,
            userPwd: guesses[index % guesses.length] || 'x',
          }),
      ),
    );
    expect(logins.filter((answer) => answer.body.code === 200)).toHaveLength(0);
  });
});

describeOnEachDatabase('guessing invite codes', (dialect) => {
  let server: TestServer;
  const RATE_LIMIT = 30;
  beforeAll(async () => {
    server = await startTestServer(dialect, { authRateLimitPerMinute: RATE_LIMIT });
  });
  afterAll(() => server.close());

  it('invite codes are checked at most at the per-IP rate, and the right one without the code registers nothing', async () => {
    const inviter = await registerCustomer(server);
    const inviteCode = (await server.get('/api/userInfo/getUserInfo', { token: inviter.token })).body.data.inviteCode;
    const email = freshEmail('invite-guess');
    expect((await server.post('/api/userInfo/sendEmailVerificationCode', { email })).body.code).toBe(200);
    const code = server.notifier.codeFor(email);
    const register = (guess: string, yzmCode: string) =>
      server.post('/api/userInfo/reg', {
        userAccount: email,
        userPwd: 'Secret123',
        yzmCode,
        regType: 1,
        inviteCode: guess,
      });
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
        register(`GUESS${String(index).padStart(3, '2')}`, wrongCode(code)),
      ),
    );
    const invalid = answers.filter((answer) => answer.body.msg === 'error.invite_code_invalid').length;
    const limited = answers.filter((answer) => answer.status === 429).length;
    // The registration limiter (the inviter's registration spent one) bounds how many codes one address may try.
    expect(invalid).toBeLessThanOrEqual(RATE_LIMIT - 1);
    expect(invalid + limited).toBe(PARALLEL_GUESSES);
    console.log(
      `guessing inventory [${dialect}]: invite codes, ${PARALLEL_GUESSES} guesses, ${invalid} checked, ${limited} rate-limited`,
    );

    server.clock.advance(60_001);
    // A right invite code is no key: without the right verification code nothing registers.
    expect((await register(inviteCode, wrongCode(code))).body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
    expect((await register(inviteCode, code)).body.code).toBe(200);
  });
});
