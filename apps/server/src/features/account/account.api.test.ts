import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { FileOutboxNotifier } from '../../notify/notifier';
import { CODE_LIFETIME_MS } from './verification-codes';
import { LOGIN_FAILURES_MAX } from './account-service';

describeOnEachDatabase('accounts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('registers by email with the code, then reads its user info', async () => {
    const email = 'Alice.Example@Example.com';
    const sent = await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    expect(sent.body).toMatchObject({ code: 200, data: { resendAfterSeconds: 60 } });
    const code = server.notifier.codeFor('alice.example@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const registered = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: code,
      regType: 1,
    });
    expect(registered.body.code).toBe(200);
    expect(registered.body.data.userInfo).toMatchObject({ userAccount: 'alice.example@example.com', accountType: 0 });
    expect(registered.body.data.userInfo).not.toHaveProperty('password_hash');
    const info = await server.get('/api/userInfo/getUserInfo', { token: registered.body.data.token });
    expect(info.body.data.email).toBe('alice.example@example.com');
    const bearer = await server.get('/api/userInfo/getUserInfo', { token: `Bearer ${registered.body.data.token}` });
    expect(bearer.body.code).toBe(200);
  });

  it('registers by phone as "area-number" and logs in with the bare number', async () => {
    const sent = await server.post('/api/userInfo/sendPhoneVerificationCode', { phone: '13812345678', areaCode: '86' });
    expect(sent.body.code).toBe(200);
    const code = server.notifier.codeFor('+8613812345678');
    const registered = await server.post('/api/userInfo/reg', {
      userAccount: '13812345678',
      areaCode: '86',
      userPwd: 'Secret123',
      yzmCode: code,
      regType: 0,
    });
    expect(registered.body.data.userInfo).toMatchObject({
      userAccount: '86-13812345678',
      phone: '13812345678',
      areaCode: '86',
    });
    const login = await server.post('/api/userInfo/login', { userAccount: '13812345678', userPwd: 'Secret123' });
    expect(login.body.code).toBe(200);
    const full = await server.post('/api/userInfo/login', { userAccount: '86-13812345678', userPwd: 'Secret123' });
    expect(full.body.code).toBe(200);
  });

  it('refuses bad phones, emails and passwords, changing nothing', async () => {
    const phone = await server.post('/api/userInfo/sendPhoneVerificationCode', {
      phone: '12812345678',
      areaCode: '86',
    });
    expect(phone.body).toMatchObject({ code: 500, msg: 'error.phone_invalid' });
    const email = await server.post('/api/userInfo/sendEmailVerificationCode', { email: 'not-an-email' });
    expect(email.body).toMatchObject({ code: 500, msg: 'error.email_invalid' });
    await server.post('/api/userInfo/sendEmailVerificationCode', { email: 'weak@example.com' });
    for (const password of ['short1', '12345678', 'has space1', 'ümlaut123', 'under_score1']) {
      const weak = await server.post('/api/userInfo/reg', {
        userAccount: 'weak@example.com',
        userPwd: password,
        yzmCode: server.notifier.codeFor('weak@example.com'),
        regType: 1,
      });
      expect(weak.body, password).toMatchObject({ code: 500, msg: 'error.password_rule' });
    }
    const login = await server.post('/api/userInfo/login', { userAccount: 'weak@example.com', userPwd: 'Whatever1' });
    expect(login.body).toMatchObject({ code: 500, msg: 'error.invalid_credentials' });
    const missing = await server.post('/api/userInfo/reg', {
      userAccount: 'weak@example.com',
      userPwd: 'Secret123',
      regType: 1,
    });
    expect(missing.body).toMatchObject({ code: 500, msg: 'error.required', params: { field: 'yzmCode' } });
    const wrongType = await server.post('/api/userInfo/reg', {
      userAccount: 'weak@example.com',
      userPwd: 'Secret123',
      yzmCode: '123456',
      regType: 7,
    });
    expect(wrongType.body).toMatchObject({ code: 500, msg: 'error.invalid_param', params: { field: 'regType' } });
  });

  it('codes: resend once per 60 s, single use, 10 minute life, wrong guesses limited', async () => {
    const email = 'codes@example.com';
    await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    const again = await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    expect(again.body).toMatchObject({ code: 500, msg: 'error.code_resend_too_soon', params: { seconds: 60 } });

    server.clock.advance(CODE_LIFETIME_MS + 1);
    const expired = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: server.notifier.codeFor(email),
      regType: 1,
    });
    expect(expired.body).toMatchObject({ code: 500, msg: 'error.code_expired' });

    await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    const code = server.notifier.codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await server.post('/api/userInfo/reg', {
        userAccount: email,
        userPwd: 'Secret123',
        yzmCode: wrong,
        regType: 1,
      });
      expect(guess.body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
    }
    const spentByGuesses = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: code,
      regType: 1,
    });
    expect(spentByGuesses.body).toMatchObject({ code: 500, msg: 'error.code_invalid' });

    server.clock.advance(61_000);
    await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    const fresh = server.notifier.codeFor(email);
    const first = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: fresh,
      regType: 1,
    });
    expect(first.body.code).toBe(200);
    const replay = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: fresh,
      regType: 1,
    });
    expect(replay.body).toMatchObject({ code: 500, msg: 'error.account_exists' });
    const codeForTaken = await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    expect(codeForTaken.body).toMatchObject({ code: 500, msg: 'error.account_exists' });
  });

  it('invite codes: a valid one links the inviter, an unknown one is refused', async () => {
    const inviter = await registerCustomer(server);
    const inviterInfo = await server.get('/api/userInfo/getUserInfo', { token: inviter.token });
    const email = 'invited@example.com';
    await server.post('/api/userInfo/sendEmailVerificationCode', { email });
    const code = server.notifier.codeFor(email);
    const unknown = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: code,
      regType: 1,
      inviteCode: 'ZZZZZZZZ',
    });
    expect(unknown.body).toMatchObject({ code: 500, msg: 'error.invite_code_invalid' });
    const invited = await server.post('/api/userInfo/reg', {
      userAccount: email,
      userPwd: 'Secret123',
      yzmCode: code,
      regType: 1,
      inviteCode: inviterInfo.body.data.inviteCode,
    });
    expect(invited.body.code).toBe(200);
    const row = await server.context.database.db
      .selectFrom('user_account')
      .select('inviter_id')
      .where('user_account', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(inviter.userId);
  });

  it('locks the account after repeated wrong passwords', async () => {
    const customer = await registerCustomer(server, 'Right1234');
    for (let attempt = 1; attempt < LOGIN_FAILURES_MAX; attempt += 1) {
      const wrong = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Wrong1234' });
      expect(wrong.body).toMatchObject({ code: 500, msg: 'error.invalid_credentials' });
    }
    const locking = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Wrong1234' });
    expect(locking.body).toMatchObject({ code: 500, msg: 'error.account_locked' });
    const evenRight = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Right1234' });
    expect(evenRight.body).toMatchObject({ code: 500, msg: 'error.account_locked', params: { minutes: 15 } });
    server.clock.advance(15 * 60_000 + 1);
    const unlocked = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Right1234' });
    expect(unlocked.body.code).toBe(200);
  });

  it('logout revokes the token; stale tokens get 401', async () => {
    const customer = await registerCustomer(server);
    const out = await server.post('/api/userInfo/loginOut', {}, { token: customer.token });
    expect(out.body.code).toBe(200);
    const after = await server.get('/api/userInfo/getUserInfo', { token: customer.token });
    expect(after.body.code).toBe(401);
  });

  it('sessions expire after 7 idle days', async () => {
    const customer = await registerCustomer(server);
    server.clock.advance(7 * 24 * 3600 * 1000 + 1);
    const expired = await server.get('/api/userInfo/getUserInfo', { token: customer.token });
    expect(expired.body).toMatchObject({ code: 401, msg: 'error.session_expired' });
  });

  it('changing the password ends every session and returns a fresh token', async () => {
    const customer = await registerCustomer(server, 'First1234');
    const second = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'First1234' });
    const wrongOld = await server.post(
      '/api/userInfo/updateUserPwd',
      { oldPwd: 'Nope12345', newPwd: 'Second123' },
      { token: customer.token },
    );
    expect(wrongOld.body).toMatchObject({ code: 500, msg: 'error.wrong_old_password' });
    const same = await server.post(
      '/api/userInfo/updateUserPwd',
      { oldPwd: 'First1234', newPwd: 'First1234' },
      { token: customer.token },
    );
    expect(same.body).toMatchObject({ code: 500, msg: 'error.same_password' });
    const weak = await server.post(
      '/api/userInfo/updateUserPwd',
      { oldPwd: 'First1234', newPwd: 'weak' },
      { token: customer.token },
    );
    expect(weak.body).toMatchObject({ code: 500, msg: 'error.password_rule' });
    const changed = await server.post(
      '/api/userInfo/updateUserPwd',
      { oldPwd: 'First1234', newPwd: 'Second123' },
      { token: customer.token },
    );
    expect(changed.body.code).toBe(200);
    for (const old of [customer.token, second.body.data.token]) {
      expect((await server.get('/api/userInfo/getUserInfo', { token: old })).body.code).toBe(401);
    }
    expect((await server.get('/api/userInfo/getUserInfo', { token: changed.body.data.token })).body.code).toBe(200);
    expect(
      (await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'First1234' })).body.code,
    ).toBe(500);
    expect(
      (await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Second123' })).body.code,
    ).toBe(200);
  });

  it('stores only hashes of passwords, tokens and codes', async () => {
    const customer = await registerCustomer(server, 'Hidden123');
    const { db } = server.context.database;
    const user = await db
      .selectFrom('user_account')
      .select('password_hash')
      .where('id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const tokens = await db
      .selectFrom('session_token')
      .select('token_hash')
      .where('user_id', '=', customer.userId)
      .execute();
    expect(tokens.every((row) => row.token_hash !== customer.token && /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(
      true,
    );
  });

  it('the seeded demo customer can log in', async () => {
    const login = await server.post('/api/userInfo/login', { userAccount: 'demo@kestrel.local', userPwd: 'Demo12345' });
    expect(login.body.code).toBe(200);
  });
});

it('the file outbox writes one JSON object per line with to, code, purpose and time', async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kestrel-outbox-')), 'outbox.jsonl');
  const outbox = new FileOutboxNotifier(file);
  await Promise.all([
    outbox.send({ to: 'a@example.com', code: '123456', purpose: 'register', channel: 'email' }, 1),
    outbox.send({ to: '+8613800000000', code: '654321', purpose: 'register', channel: 'sms' }, 2),
  ]);
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(lines).toEqual([
    { to: 'a@example.com', code: '123456', purpose: 'register', channel: 'email', time: 1 },
    { to: '+8613800000000', code: '654321', purpose: 'register', channel: 'sms', time: 2 },
  ]);
});
