import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import {
  WITHDRAWAL_LOCK_MS as WITHDRAWAL_PASSWORD_LOCK_MS,
  WITHDRAWAL_PASSWORD_ATTEMPTS_MAX as WITHDRAWAL_PASSWORD_FAILURES_MAX,
} from '../funding/withdrawal-password';

const SET = '/api/userInfo/updateUserWithPwd';
const LOGIN_PASSWORD = 'Passw0rd1';

describeOnEachDatabase('wallet withdrawal password', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const isSet = async (token: string) =>
    (await server.get('/api/userInfo/isSetWithPwd', { token })).body.data.isSetWithPwd;
  const storedHash = async (userId: number) =>
    (
      await server.context.database.db
        .selectFrom('withdrawal_password')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.password_hash;

  it('is set the first time with the login password, hashed with Argon2id, then changed with the old one', async () => {
    const customer = await registerCustomer(server, LOGIN_PASSWORD);
    expect(await isSet(customer.token)).toBe(0);

    const refusals: [Record<string, string>, string][] = [
      [{ oldPwd: 'NotMyLogin1', newPwd: 'Withdraw42' }, 'error.withdraw_password_wrong'],
      [{ oldPwd: LOGIN_PASSWORD, newPwd: LOGIN_PASSWORD }, 'error.withdrawal_password_same_as_login'],
      [{ oldPwd: LOGIN_PASSWORD, newPwd: 'short1' }, 'error.password_rule'],
      [{ oldPwd: LOGIN_PASSWORD, newPwd: '12345678' }, 'error.password_rule'],
      [{ oldPwd: LOGIN_PASSWORD, newPwd: 'has space1' }, 'error.password_rule'],
      [{ oldPwd: LOGIN_PASSWORD, newPwd: '' }, 'error.required'],
      [{ newPwd: 'Withdraw42' }, 'error.required'],
    ];
    for (const [body, msg] of refusals) {
      expect((await server.post(SET, body, { token: customer.token })).body, JSON.stringify(body)).toMatchObject({
        code: 500,
        msg,
      });
    }
    expect(await isSet(customer.token)).toBe(0);

    const first = await server.post(SET, { oldPwd: LOGIN_PASSWORD, newPwd: 'Withdraw42' }, { token: customer.token });
    expect(first.body).toEqual({ code: 200, msg: 'ok' });
    expect(await isSet(customer.token)).toBe(1);
    const hash = await storedHash(customer.userId);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('Withdraw42');

    // Now the login password no longer proves anything here; the withdrawal password does.
    expect(
      (await server.post(SET, { oldPwd: LOGIN_PASSWORD, newPwd: 'Withdraw43' }, { token: customer.token })).body.msg,
    ).toBe('error.withdraw_password_wrong');
    expect(
      (await server.post(SET, { oldPwd: 'Withdraw42', newPwd: 'Withdraw42' }, { token: customer.token })).body.msg,
    ).toBe('error.same_password');
    expect(
      (await server.post(SET, { oldPwd: 'Withdraw42', newPwd: LOGIN_PASSWORD }, { token: customer.token })).body.msg,
    ).toBe('error.withdrawal_password_same_as_login');
    expect(await storedHash(customer.userId)).toBe(hash);
    const changed = await server.post(SET, { oldPwd: 'Withdraw42', newPwd: 'Withdraw43' }, { token: customer.token });
    expect(changed.body.code).toBe(200);
    expect(await storedHash(customer.userId)).not.toBe(hash);
    // The login password is untouched.
    expect(
      (await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: LOGIN_PASSWORD })).body.code,
    ).toBe(200);
    expect((await server.post(SET, { oldPwd: 'Withdraw42', newPwd: 'Withdraw44' })).body.code).toBe(401);
  });

  it(`locks changes for 24 hours after ${WITHDRAWAL_PASSWORD_FAILURES_MAX} wrong old passwords, counting the first-set proof too`, async () => {
    const customer = await registerCustomer(server, LOGIN_PASSWORD);
    for (let attempt = 1; attempt < WITHDRAWAL_PASSWORD_FAILURES_MAX; attempt += 1) {
      const wrong = await server.post(
        SET,
        { oldPwd: `Guess${attempt}xyz`, newPwd: 'Withdraw42' },
        { token: customer.token },
      );
      expect(wrong.body).toMatchObject({
        code: 500,
        msg: 'error.withdraw_password_wrong',
        params: { remaining: WITHDRAWAL_PASSWORD_FAILURES_MAX - attempt },
      });
    }
    const last = await server.post(SET, { oldPwd: 'Guess5xyz', newPwd: 'Withdraw42' }, { token: customer.token });
    expect(last.body).toMatchObject({ code: 500, msg: 'error.withdraw_locked', params: { hours: 24 } });
    // Locked: even the right proof is refused, and nothing is stored.
    const locked = await server.post(SET, { oldPwd: LOGIN_PASSWORD, newPwd: 'Withdraw42' }, { token: customer.token });
    expect(locked.body).toMatchObject({ code: 500, msg: 'error.withdraw_locked' });
    expect(await isSet(customer.token)).toBe(0);

    server.clock.advance(WITHDRAWAL_PASSWORD_LOCK_MS - 3_600_000);
    expect(
      (await server.post(SET, { oldPwd: LOGIN_PASSWORD, newPwd: 'Withdraw42' }, { token: customer.token })).body,
    ).toMatchObject({
      msg: 'error.withdraw_locked',
      params: { hours: 1 },
    });
    server.clock.advance(3_600_000);
    expect(
      (await server.post(SET, { oldPwd: LOGIN_PASSWORD, newPwd: 'Withdraw42' }, { token: customer.token })).body.code,
    ).toBe(200);
    // A success clears the count: the next wrong one starts again from the top.
    const again = await server.post(SET, { oldPwd: 'Wrong12345', newPwd: 'Withdraw43' }, { token: customer.token });
    expect(again.body.params).toEqual({ remaining: WITHDRAWAL_PASSWORD_FAILURES_MAX - 1 });
  });

  it('two concurrent first sets: exactly one is stored', async () => {
    const customer = await registerCustomer(server, LOGIN_PASSWORD);
    const answers = await Promise.all(
      ['Withdraw51', 'Withdraw52', 'Withdraw53'].map((newPwd) =>
        server.post(SET, { oldPwd: LOGIN_PASSWORD, newPwd }, { token: customer.token }),
      ),
    );
    const accepted = answers.filter((answer) => answer.body.code === 200);
    expect(accepted).toHaveLength(1);
    const winner = ['Withdraw51', 'Withdraw52', 'Withdraw53'][answers.indexOf(accepted[0]!)]!;
    // The stored password is the winner's: it proves the next change.
    expect(
      (await server.post(SET, { oldPwd: winner, newPwd: 'Withdraw60' }, { token: customer.token })).body.code,
    ).toBe(200);
  });
});
