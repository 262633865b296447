import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { dataUrl, pngImage } from '../funding/test-images.test-helper';
import { isUniqueViolation } from '../../core/database-errors';
import {
  enterDemo,
  freshEmail,
  freshPhone,
  loginAs,
  refusedWithoutChange,
  registerByPhone,
  securityKinds,
} from './self-service.test-helper';

describeOnEachDatabase('account self-service: profile and contacts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const modifyNickName = (token: string, nickName: string) =>
    server.post('/api/userInfo/modifyUserInfo', { nickName }, { token });
  const bindEmail = (token: string, email: string, yzmCode: string) =>
    server.post('/api/userInfo/bindEmail', { email, yzmCode }, { token });
  const bindPhone = (token: string, phone: string, yzmCode: string) =>
    server.post('/api/userInfo/bindPhone', { areaCode: '86', phone, yzmCode }, { token });
  const sendBindEmailCode = async (email: string) => {
    const sent = await server.post('/api/userInfo/sendEmailVerificationCode', { email, purpose: 'bind' });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 200 });
    return server.notifier.codeFor(email);
  };
  const sendBindPhoneCode = async (phone: string) => {
    const sent = await server.post('/api/userInfo/sendPhoneVerificationCode', {
      phone,
      areaCode: '86',
      purpose: 'bind',
    });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 200 });
    return server.notifier.codeFor(`+86${phone}`);
  };

  describe('nickname', () => {
    it('changes the nickname (trimmed), shows it in getUserInfo and logs it; nicknames need not be unique', async () => {
      const customer = await registerCustomer(server);
      const other = await registerCustomer(server);
      const changed = await modifyNickName(customer.token, '  Trader 🦅 Jane  ');
      expect(changed.body).toMatchObject({ code: 200, data: { id: customer.userId, nickName: 'Trader 🦅 Jane' } });
      const info = await server.get('/api/userInfo/getUserInfo', { token: customer.token });
      expect(info.body.data.nickName).toBe('Trader 🦅 Jane');
      expect((await modifyNickName(other.token, 'Trader 🦅 Jane')).body.code).toBe(200);
      const thirtyTwo = '字'.repeat(32);
      expect((await modifyNickName(customer.token, thirtyTwo)).body.data.nickName).toBe(thirtyTwo);
      const log = await server.get('/api/securityLog/list', { token: customer.token });
      expect(log.body.rows.slice(0, 2)).toMatchObject([
        { kind: 'nickname_changed', detail: thirtyTwo, ip: '127.0.0.x' },
        { kind: 'nickname_changed', detail: 'Trader 🦅 Jane' },
      ]);
    });

    it('refuses script, markup, control characters, direction overrides and bad lengths, changing nothing', async () => {
      const customer = await registerCustomer(server);
      const refusals = [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        'a > b',
        'tab\tinside',
        'bell\u0007',
        'line\nbreak',
        '\u202Eevil',
        '',
        '    ',
        '字'.repeat(33),
        'x'.repeat(201),
      ];
      for (const nickName of refusals) {
        await refusedWithoutChange(
          server,
          customer.userId,
          () => modifyNickName(customer.token, nickName),
          'error.nickname_invalid',
        );
      }
    });

    it('is copied to the linked demo account, and refused from a demo session', async () => {
      const customer = await registerCustomer(server);
      const demoToken = await enterDemo(server, await loginAs(server, customer.email, 'Passw0rd1'));
      expect((await modifyNickName(customer.token, 'Mirror')).body.code).toBe(200);
      const demoInfo = await server.get('/api/userInfo/getUserInfo', { token: demoToken });
      expect(demoInfo.body.data).toMatchObject({ accountType: 2, nickName: 'Mirror' });
      await refusedWithoutChange(
        server,
        customer.userId,
        () => modifyNickName(demoToken, 'From demo'),
        'error.real_account_only',
      );
      expect((await server.get('/api/userInfo/getUserInfo', { token: demoToken })).body.data.nickName).toBe('Mirror');
    });
  });

  describe('avatar', () => {
    const upload = async (token: string, seed: number) => {
      const answer = await server.post(
        '/api/common/upload',
        { file: dataUrl(pngImage(64, 64, seed)) },
        { token, json: true },
      );
      expect(answer.body).toMatchObject({ code: 200 });
      return answer.body.data as { key: string; url: string };
    };

    it('sets an own upload by key or URL, answers the URL, and getUserInfo shows it', async () => {
      const customer = await registerCustomer(server);
      const image = await upload(customer.token, 7301);
      const byKey = await server.post('/api/userInfo/modifyAvatar', { avatar: image.key }, { token: customer.token });
      expect(byKey.body).toEqual({ code: 200, msg: 'ok', data: { avatar: `/uploads/${image.key}` } });
      const second = await upload(customer.token, 7302);
      const byUrl = await server.post('/api/userInfo/modifyAvatar', { avatar: second.url }, { token: customer.token });
      expect(byUrl.body.data).toEqual({ avatar: second.url });
      const info = await server.get('/api/userInfo/getUserInfo', { token: customer.token });
      expect(info.body.data.avatar).toBe(second.url);
      expect(await securityKinds(server, customer.token)).toEqual(['avatar_changed', 'avatar_changed']);
    });

    it("refuses someone else's upload, an unknown key and anything that is not an upload key, changing nothing", async () => {
      const customer = await registerCustomer(server);
      const other = await registerCustomer(server);
      const theirs = await upload(other.token, 7303);
      for (const avatar of [
        theirs.key,
        theirs.url,
        `${'0'.repeat(64)}.png`,
        'javascript:alert(1)',
        'https://evil.example/a.png',
        `/uploads/../${theirs.key}`,
      ]) {
        await refusedWithoutChange(
          server,
          customer.userId,
          () => server.post('/api/userInfo/modifyAvatar', { avatar }, { token: customer.token }),
          'error.avatar_not_found',
        );
      }
    });
  });

  describe('email and phone', () => {
    it('changes the email of an email account with a code sent to the new address; the login changes with it', async () => {
      const customer = await registerCustomer(server);
      const newEmail = freshEmail('moved');
      const code = await sendBindEmailCode(newEmail);
      const bound = await bindEmail(customer.token, newEmail.toUpperCase(), code);
      expect(bound.body).toMatchObject({ code: 200, data: { userAccount: newEmail, email: newEmail } });
      await loginAs(server, newEmail, 'Passw0rd1');
      const old = await server.post('/api/userInfo/login', { userAccount: customer.email, userPwd: 'Passw0rd1' });
      expect(old.body).toMatchObject({ code: 500, msg: 'error.invalid_credentials' });
      const log = await server.get('/api/securityLog/list', { token: customer.token });
      // Newest first: the login with the new email came after the change.
      expect(log.body.rows.slice(0, 2)).toMatchObject([
        { kind: 'login' },
        { kind: 'email_bound', detail: `mo***@example.com` },
      ]);
      // The code is single use.
      const again = await bindEmail(customer.token, freshEmail('x'), code);
      expect(again.body).toMatchObject({ code: 500, msg: 'error.code_invalid' });
    });

    it('binds an email to a phone account: the login stays the phone, and the email logs in too', async () => {
      const customer = await registerByPhone(server);
      const email = freshEmail('second');
      const bound = await bindEmail(customer.token, email, await sendBindEmailCode(email));
      expect(bound.body).toMatchObject({
        code: 200,
        data: { userAccount: `86-${customer.phone}`, phone: customer.phone, email },
      });
      await loginAs(server, email, 'Passw0rd1');
      await loginAs(server, customer.phone, 'Passw0rd1');
    });

    it('binds a phone to an email account, and changes the phone of a phone account', async () => {
      const emailCustomer = await registerCustomer(server);
      const phone = freshPhone();
      const bound = await bindPhone(emailCustomer.token, phone, await sendBindPhoneCode(phone));
      expect(bound.body).toMatchObject({
        code: 200,
        data: { userAccount: emailCustomer.email, phone, areaCode: '86' },
      });
      await loginAs(server, phone, 'Passw0rd1');

      const phoneCustomer = await registerByPhone(server);
      const newPhone = freshPhone();
      const moved = await bindPhone(phoneCustomer.token, newPhone, await sendBindPhoneCode(newPhone));
      expect(moved.body.data).toMatchObject({ userAccount: `86-${newPhone}`, phone: newPhone });
      await loginAs(server, newPhone, 'Passw0rd1');
      const old = await server.post('/api/userInfo/login', { userAccount: phoneCustomer.phone, userPwd: 'Passw0rd1' });
      expect(old.body.msg).toBe('error.invalid_credentials');
      const log = await server.get('/api/securityLog/list', { token: phoneCustomer.token });
      expect(log.body.rows.slice(0, 2)).toMatchObject([
        { kind: 'login' },
        { kind: 'phone_bound', detail: `+86 ***${newPhone.slice(-4)}` },
      ]);
    });

    it('refuses a code sent to another address, a code of another purpose, and a wrong code, changing nothing', async () => {
      const customer = await registerCustomer(server);
      const wanted = freshEmail('wanted');
      const elsewhere = freshEmail('elsewhere');
      const codeForElsewhere = await sendBindEmailCode(elsewhere);
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindEmail(customer.token, wanted, codeForElsewhere),
        'error.code_invalid',
      );
      await server.post('/api/userInfo/sendEmailVerificationCode', { email: wanted, purpose: 'register' });
      const registerCode = server.notifier.codeFor(wanted);
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindEmail(customer.token, wanted, registerCode),
        'error.code_invalid',
      );
      const phone = freshPhone();
      const phoneCode = await sendBindPhoneCode(phone);
      const wrong = phoneCode === '000000' ? '000001' : '000000';
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindPhone(customer.token, phone, wrong),
        'error.code_invalid',
      );
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindEmail(customer.token, 'not-an-email', '123456'),
        'error.email_invalid',
      );
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindPhone(customer.token, '12345', '123456'),
        'error.phone_invalid',
      );
      // The code for the address asked for still works afterwards.
      expect((await bindEmail(customer.token, elsewhere, codeForElsewhere)).body.code).toBe(200);
    });

    it('refuses an email or phone another account uses (as its login or bound), and the own one, changing nothing', async () => {
      const customer = await registerCustomer(server);
      const emailOwner = await registerCustomer(server);
      const phoneOwner = await registerByPhone(server);
      const sentToTaken = await server.post('/api/userInfo/sendEmailVerificationCode', {
        email: emailOwner.email,
        purpose: 'bind',
      });
      expect(sentToTaken.body).toMatchObject({ code: 500, msg: 'error.email_in_use' });
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindEmail(customer.token, emailOwner.email, '123456'),
        'error.email_in_use',
      );
      const sentToTakenPhone = await server.post('/api/userInfo/sendPhoneVerificationCode', {
        phone: phoneOwner.phone,
        areaCode: '86',
        purpose: 'bind',
      });
      expect(sentToTakenPhone.body).toMatchObject({ code: 500, msg: 'error.phone_in_use' });
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindPhone(customer.token, phoneOwner.phone, '123456'),
        'error.phone_in_use',
      );
      // A bound (not login) email is taken too.
      const bound = freshEmail('bound');
      expect((await bindEmail(phoneOwner.token, bound, await sendBindEmailCode(bound))).body.code).toBe(200);
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindEmail(customer.token, bound, '123456'),
        'error.email_in_use',
      );
      const registering = await server.post('/api/userInfo/sendEmailVerificationCode', { email: bound });
      expect(registering.body).toMatchObject({ code: 500, msg: 'error.account_exists' });
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindEmail(customer.token, customer.email, '123456'),
        'error.already_bound',
      );
    });

    it('of two accounts binding one email at once, exactly one wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const first = await registerByPhone(server);
        const second = await registerByPhone(server);
        const email = freshEmail(`race${round}`);
        const code = await sendBindEmailCode(email);
        const answers = await Promise.all([bindEmail(first.token, email, code), bindEmail(second.token, email, code)]);
        const codes = answers.map((answer) => answer.body.code).sort();
        expect(codes, JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 500]);
        const refused = answers.find((answer) => answer.body.code === 500);
        expect(['error.code_invalid', 'error.email_in_use']).toContain(refused?.body.msg);
        const holders = await server.context.database.db
          .selectFrom('user_account')
          .select('id')
          .where('email', '=', email)
          .execute();
        expect(holders).toHaveLength(1);
        // Whichever check a loser passed, the database itself refuses a second holder (migration 0011).
        const loser = answers[0]?.body.code === 200 ? second : first;
        const direct = server.context.database.db
          .updateTable('user_account')
          .set({ email })
          .where('id', '=', loser.userId)
          .execute();
        await expect(direct).rejects.toSatisfy(isUniqueViolation);
      }
    });

    it('a bind and a registration of one email at once: exactly one account ends up with it', async () => {
      for (let round = 0; round < 3; round += 1) {
        const binder = await registerByPhone(server);
        const email = freshEmail(`race-register${round}`);
        await server.post('/api/userInfo/sendEmailVerificationCode', { email, purpose: 'register' });
        const registerCode = server.notifier.codeFor(email);
        const bindCode = await sendBindEmailCode(email);
        const [registered, bound] = await Promise.all([
          server.post('/api/userInfo/reg', {
            userAccount: email,
            userPwd: 'Passw0rd1',
            yzmCode: registerCode,
            regType: 1,
          }),
          bindEmail(binder.token, email, bindCode),
        ]);
        const bodies = JSON.stringify([registered.body, bound.body]);
        expect([registered.body.code, bound.body.code].sort(), bodies).toEqual([200, 500]);
        if (registered.body.code === 500) expect(registered.body.msg, bodies).toBe('error.account_exists');
        else expect(bound.body.msg, bodies).toBe('error.email_in_use');
        const holders = await server.context.database.db
          .selectFrom('user_account')
          .select('id')
          .where((eb) => eb.or([eb('email', '=', email), eb('user_account', '=', email)]))
          .execute();
        expect(holders).toHaveLength(1);
      }
    });

    it('refuses binding from a demo session', async () => {
      const customer = await registerCustomer(server);
      const demoToken = await enterDemo(server, customer.token);
      const email = freshEmail('demo');
      const code = await sendBindEmailCode(email);
      await refusedWithoutChange(
        server,
        customer.userId,
        () => bindEmail(demoToken, email, code),
        'error.real_account_only',
      );
    });
  });

  describe('security log', () => {
    it('lists each change for this customer only, newest first, paged and bounded', async () => {
      const customer = await registerCustomer(server);
      const other = await registerCustomer(server);
      await modifyNickName(other.token, 'Other');
      await loginAs(server, customer.email, 'Passw0rd1', 'Kestrel-Test/1.0');
      await modifyNickName(customer.token, 'First');
      const email = freshEmail('log');
      await bindEmail(customer.token, email, await sendBindEmailCode(email));
      const phone = freshPhone();
      await bindPhone(customer.token, phone, await sendBindPhoneCode(phone));
      expect(await securityKinds(server, customer.token)).toEqual([
        'phone_bound',
        'email_bound',
        'nickname_changed',
        'login',
      ]);
      const login = (await server.get('/api/securityLog/list', { token: customer.token, query: { pageSize: 100 } }))
        .body.rows[3];
      expect(login).toMatchObject({ kind: 'login', deviceLabel: 'Kestrel-Test/1.0', ip: '127.0.0.x', detail: '' });
      const page = await server.get('/api/securityLog/list', {
        token: customer.token,
        query: { pageNum: 2, pageSize: 3 },
      });
      expect(page.body).toMatchObject({ code: 200, total: 4 });
      expect(page.body.rows.map((row: { kind: string }) => row.kind)).toEqual(['login']);
      expect(await securityKinds(server, other.token)).toEqual(['nickname_changed']);
      const tooLarge = await server.get('/api/securityLog/list', { token: customer.token, query: { pageSize: 101 } });
      expect(tooLarge.body).toMatchObject({ code: 500, msg: 'error.page_size_too_large' });
      const anonymous = await server.get('/api/securityLog/list');
      expect(anonymous.body.code).toBe(401);
    });
  });
});

describeOnEachDatabase('account self-service: rate limits', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { authRateLimitPerMinute: 2 });
  });
  afterAll(() => server.close());

  it('limits changes per customer and resets per account named, then lets them through after the window', async () => {
    const customer = await registerCustomer(server);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await server.post(
        '/api/userInfo/modifyUserInfo',
        { nickName: `N${attempt}` },
        { token: customer.token },
      );
      expect(answer.body.code).toBe(200);
    }
    const limited = await server.post('/api/userInfo/modifyUserInfo', { nickName: 'N3' }, { token: customer.token });
    expect(limited.status).toBe(429);
    const reset = () =>
      server.post('/api/userInfo/resetPassword', {
        userAccount: customer.email,
        yzmCode: '123456',
        newPwd: 'Fresh1234',
      });
    expect((await reset()).body.msg).toBe('error.code_invalid');
    expect((await reset()).body.msg).toBe('error.code_invalid');
    expect((await reset()).status).toBe(429);
    server.clock.advance(60_001);
    const later = await server.post('/api/userInfo/modifyUserInfo', { nickName: 'Later' }, { token: customer.token });
    expect(later.body.code).toBe(200);
  });
});
