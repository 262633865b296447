/**
 * Parallel guessing against every guessable secret (issue 10): a batch of guesses sent at once must
 * never get more tries than the limit, and once the lock is due the right secret must not get through.
 * Before the attempt guard, 49 parallel wrong passwords left a count of 2 and no lock, and 50 parallel
 * wrong codes on PostgreSQL let the right code register.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../test/harness';
import { LOGIN_FAILURES_MAX } from '../features/account/account-service';
import { CODE_ATTEMPTS_MAX } from '../features/account/verification-codes';
import { STAFF_LOGIN_ATTEMPTS_MAX } from '../features/staff/staff-service';
import { WITHDRAWAL_PASSWORD_ATTEMPTS_MAX } from '../features/funding/withdrawal-password';
import { addTestStaff, staffCode } from '../test/staff';

/** Guesses sent at once in each attack: the finding used 49 and 50. */
const PARALLEL_GUESSES = 50;

function countBy(answers: { body: { msg: string } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.body.msg] = (counts[answer.body.msg] ?? 0) + 1;
  return counts;
}

describeOnEachDatabase('parallel guessing', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('customer login: 50 wrong passwords at once lock the account, and the right one is then refused', async () => {
    const customer = await registerCustomer(server, 'Right1234');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, () =>
        server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Wrong1234' }),
      ),
    );
    const counts = countBy(answers);
    // Only the reserved attempts were checked; every other guess was refused by the lock unseen.
    expect(counts['error.invalid_credentials'] ?? 0).toBeLessThan(LOGIN_FAILURES_MAX);
    expect(counts['error.account_locked']).toBe(PARALLEL_GUESSES - (counts['error.invalid_credentials'] ?? 0));
    const right = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Right1234' });
    expect(right.body).toMatchObject({ code: 500, msg: 'error.account_locked', params: { minutes: 15 } });
    server.clock.advance(15 * 60_000 + 1);
    const later = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Right1234' });
    expect(later.body.code).toBe(200);
  });

  it('customer login: the right password inside a parallel batch of wrong ones never gets through once locked', async () => {
    const customer = await registerCustomer(server, 'Right1234');
    const guesses = Array.from({ length: PARALLEL_GUESSES }, (_, index) => (index === 30 ? 'Right1234' : 'Wrong1234'));
    const answers = await Promise.all(
      guesses.map((password) => server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: password })),
    );
    // The right guess came 31st: the lock was due long before it, so it must not have logged in.
    expect(answers[30]!.body).toMatchObject({ code: 500, msg: 'error.account_locked' });
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(0);
  });

  it('customer login: the right password sent many times at once always gets through (slots are freed)', async () => {
    const customer = await registerCustomer(server, 'Right1234');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Right1234' }),
      ),
    );
    expect(answers.map((answer) => answer.body.code)).toEqual(Array.from({ length: 20 }, () => 200));
    const row = await server.context.database.db
      .selectFrom('user_account')
      .select(['failed_login_count', 'locked_until'])
      .where('id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_login_count: 0, locked_until: null });
  });

  it('changing the password: the old password cannot be guessed in parallel either', async () => {
    const customer = await registerCustomer(server, 'Right1234');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
        server.post(
          '/api/userInfo/updateUserPwd',
          { oldPwd: `Wrong${1000 + index}`, newPwd: 'Newpass123' },
          { token: customer.token },
        ),
      ),
    );
    expect(countBy(answers)['error.wrong_old_password'] ?? 0).toBeLessThan(LOGIN_FAILURES_MAX);
    const right = await server.post(
      '/api/userInfo/updateUserPwd',
      { oldPwd: 'Right1234', newPwd: 'Newpass123' },
      { token: customer.token },
    );
    expect(right.body).toMatchObject({ code: 500, msg: 'error.account_locked' });
    server.clock.advance(15 * 60_000 + 1);
  });

  it('registration codes: 50 wrong codes at once spend the code, and the right one then fails', async () => {
    const email = `parallel-codes-${dialect}@example.com`;
    await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    const code = server.notifier.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, () =>
        server.post('/api/userInfo/reg', { userAccount: email, userPwd: 'Secret123', yzmCode: wrong, regType: 1 }),
      ),
    );
    expect(answers.every((answer) => answer.body.msg === 'error.code_invalid')).toBe(true);
    const stored = await server.context.database.db
      .selectFrom('verification_code')
      .select('attempt_count')
      .where('target', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.attempt_count).toBe(CODE_ATTEMPTS_MAX);
    const right = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: code,
      regType: 1,
    });
    expect(right.body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
    const user = await server.context.database.db
      .selectFrom('user_account')
      .select('id')
      .where('user_account', '=', email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('registration codes: a right code inside a parallel batch of wrong ones registers at most within the limit', async () => {
    const email = `parallel-mixed-${dialect}@example.com`;
    await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    const code = server.notifier.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
        server.post('/api/userInfo/reg', {
          userAccount: email,
          userPwd: 'Secret123',
          yzmCode: index === PARALLEL_GUESSES - 1 ? code : wrong,
          regType: 1,
        }),
      ),
    );
    // The right code came last: the code's five attempts were taken by then.
    expect(answers[PARALLEL_GUESSES - 1]!.body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
  });

  it('staff login: a parallel batch is not all checked before the lock lands', async () => {
    const member = await addTestStaff(server, 'admin');
    const rightCode = () => staffCode(server, member.totpSecret);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, () =>
        server.post('/api/operator/login', {
          username: member.username,
          password: 'wrong-password-1',
          totpCode: rightCode(),
        }),
      ),
    );
    const counts = countBy(answers);
    expect(counts['error.invalid_credentials'] ?? 0).toBeLessThanOrEqual(STAFF_LOGIN_ATTEMPTS_MAX);
    expect(counts['error.account_locked']).toBeGreaterThanOrEqual(PARALLEL_GUESSES - STAFF_LOGIN_ATTEMPTS_MAX);
    const right = await server.post('/api/operator/login', { ...member, totpCode: rightCode() });
    expect(right.body).toMatchObject({ code: 500, msg: 'error.account_locked' });
    server.clock.advance(15 * 60_000 + 1);
    const later = await server.post('/api/operator/login', { ...member, totpCode: rightCode() });
    expect(later.body.code).toBe(200);
  });

  it('staff TOTP: parallel guesses of the code lock the name like wrong passwords, and one code opens one session', async () => {
    const member = await addTestStaff(server, 'finance');
    const right = staffCode(server, member.totpSecret);
    const wrong = right === '000000' ? '000001' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, () =>
        server.post('/api/operator/login', { username: member.username, password: member.password, totpCode: wrong }),
      ),
    );
    const counts = countBy(guesses);
    expect(counts['error.invalid_credentials'] ?? 0).toBeLessThanOrEqual(STAFF_LOGIN_ATTEMPTS_MAX);
    expect(counts['error.account_locked']).toBeGreaterThanOrEqual(PARALLEL_GUESSES - STAFF_LOGIN_ATTEMPTS_MAX);
    server.clock.advance(15 * 60_000 + 1);

    const code = staffCode(server, member.totpSecret);
    const together = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.post('/api/operator/login', { username: member.username, password: member.password, totpCode: code }),
      ),
    );
    const opened = together.filter((answer) => answer.body.code === 200);
    expect(opened).toHaveLength(1);
    for (const answer of together.filter((each) => each.body.code !== 200)) {
      expect(answer.body.msg).toBe('error.staff_code_used');
    }
  });

  it('withdrawal password: parallel wrong guesses lock withdrawals, and the right password is then refused', async () => {
    const customer = await registerCustomer(server, 'Login1234');
    const set = await server.post(
      '/api/userInfo/updateUserWithPwd',
      { oldPwd: 'Login1234', newPwd: 'Withdraw123' },
      { token: customer.token },
    );
    expect(set.body.code, JSON.stringify(set.body)).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_GUESSES }, (_, index) =>
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
    const right = await server.post(
      '/api/userInfo/updateUserWithPwd',
      { oldPwd: 'Withdraw123', newPwd: 'Another123' },
      { token: customer.token },
    );
    expect(right.body).toMatchObject({ code: 500, msg: 'error.withdraw_locked' });
  });

  it('a demo session ends with the real session it was entered from (logout, then a password change)', async () => {
    for (const endReal of ['logout', 'password'] as const) {
      const customer = await registerCustomer(server, 'Right1234');
      const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token });
      expect(demo.body.code, JSON.stringify(demo.body)).toBe(200);
      const demoToken: string = demo.body.data.token;
      expect((await server.get('/api/userInfo/getUserInfo', { token: demoToken })).body.code).toBe(200);
      if (endReal === 'logout') {
        expect((await server.post('/api/userInfo/loginOut', {}, { token: customer.token })).body.code).toBe(200);
      } else {
        const changed = await server.post(
          '/api/userInfo/updateUserPwd',
          { oldPwd: 'Right1234', newPwd: 'Changed123' },
          { token: customer.token },
        );
        expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
      }
      const after = await server.get('/api/userInfo/getUserInfo', { token: demoToken });
      expect(after.body.code, endReal).toBe(401);
      const balance = await server.get('/api/userInfo/userBalance', { token: demoToken, query: { currencyId: 3 } });
      expect(balance.body.code, endReal).toBe(401);
    }
  });
});
