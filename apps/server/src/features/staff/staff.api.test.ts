import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@kestrel/contract';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { addTestStaff, staffCode, staffToken } from '../../test/staff';
import { registeredEndpoints } from '../../http/route';

async function auditCount(server: TestServer): Promise<number> {
  const row = await server.context.database.db
    .selectFrom('operator_audit')
    .select((select) => select.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describeOnEachDatabase('staff and the audit log', (dialect) => {
  let server: TestServer;
  let admin: { token: string; id: number };
  const tokens = {} as Record<StaffRole, { token: string; id: number }>;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await staffToken(server, 'admin');
    for (const role of STAFF_ROLES) tokens[role] = await staffToken(server, role);
  });
  afterAll(() => server.close());

  const post = (path: string, body: Record<string, unknown>, token = admin.token) =>
    server.post(path, body, { token, json: true, headers: { 'idempotency-key': randomBytes(8).toString('hex') } });
  const login = (member: { username: string; password: string; totpSecret: string }, stepsAhead = 0) =>
    server.post('/api/operator/login', {
      username: member.username,
      password: member.password,
      totpCode: staffCode(server, member.totpSecret, stepsAhead),
    });

  it('every operator call names its roles and refuses every other role before reading the input', async () => {
    const operatorCalls = registeredEndpoints.filter(
      (endpoint) => endpoint.path.startsWith('/api/operator/') && endpoint.auth !== 'public',
    );
    expect(operatorCalls.length).toBeGreaterThan(40);
    const call = (endpoint: (typeof operatorCalls)[number], role: StaffRole) => {
      const url = endpoint.path.replace(/\{\w+\}/g, '1');
      const token = tokens[role].token;
      return endpoint.method === 'GET'
        ? server.get(url, { token })
        : server.post(url, {}, { token, headers: { 'idempotency-key': randomBytes(8).toString('hex') } });
    };
    // Refused roles first: not one of their calls may leave a trace.
    const auditBefore = await auditCount(server);
    let refusals = 0;
    for (const endpoint of operatorCalls) {
      expect(endpoint.staffRoles, endpoint.path).toBeDefined();
      for (const role of STAFF_ROLES.filter((each) => !endpoint.staffRoles!.includes(each))) {
        expect((await call(endpoint, role)).body, `${role} ${endpoint.path}`).toMatchObject({
          code: 500,
          msg: 'error.operator_forbidden',
        });
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThan(50);
    expect(await auditCount(server)).toBe(auditBefore);
    // Allowed roles get past the role check (to a validation refusal or an answer).
    for (const endpoint of operatorCalls) {
      if (endpoint.path === '/api/operator/logout') continue; // would end the session the walk uses
      for (const role of endpoint.staffRoles!) {
        expect((await call(endpoint, role)).body.msg, `${role} ${endpoint.path}`).not.toBe('error.operator_forbidden');
      }
    }
  });

  it('a customer token is unknown on every operator call, and a staff token on the customer calls', async () => {
    const customer = await registerCustomer(server);
    for (const endpoint of registeredEndpoints.filter((each) => each.staffRoles)) {
      const url = endpoint.path.replace(/\{\w+\}/g, '1');
      const answer =
        endpoint.method === 'GET'
          ? await server.get(url, { token: customer.token })
          : await server.post(url, {}, { token: customer.token });
      expect(answer.body.code, endpoint.path).toBe(401);
    }
    expect((await server.get('/api/userInfo/getUserInfo', { token: admin.token })).body.code).toBe(401);
  });

  it('adds a member who signs in with password and TOTP; the answer shows the enrolment once; one audit row', async () => {
    const before = await auditCount(server);
    const username = `alice.${randomBytes(2).toString('hex')}`;
    const created = await post('/api/operator/staff/create', {
      username,
      role: 'support',
      password: 'a-long-password-1',
      reason: 'new support hire',
    });
    expect(created.body).toMatchObject({ code: 200, data: { member: { username, role: 'support', disabled: false } } });
    const { totpSecret, otpauthUri } = created.body.data;
    expect(otpauthUri).toContain(`secret=${totpSecret}`);
    expect(await auditCount(server)).toBe(before + 1);
    const audit = await server.get('/api/operator/audit', {
      token: admin.token,
      query: { action: 'staff.create', targetId: String(created.body.data.member.id) },
    });
    expect(audit.body.rows).toHaveLength(1);
    expect(audit.body.rows[0]).toMatchObject({ staffId: admin.id, reason: 'new support hire' });
    // Neither the password nor the secret is in the trace.
    expect(JSON.stringify(audit.body.rows[0])).not.toContain(totpSecret);
    expect(JSON.stringify(audit.body.rows[0])).not.toContain('a-long-password-1');

    const signedIn = await login({ username, password: 'a-long-password-1', totpSecret });
    expect(signedIn.body).toMatchObject({ code: 200, data: { staff: { username, role: 'support' } } });
    const me = await server.get('/api/operator/me', { token: signedIn.body.data.token });
    expect(me.body.data).toMatchObject({ username, role: 'support' });
  });

  it('refuses bad members, and changes nothing', async () => {
    const before = await auditCount(server);
    const cases: [Record<string, unknown>, string][] = [
      [
        { username: 'A b', role: 'support', password: 'a-long-password-1', reason: 'x' },
        'error.staff_username_invalid',
      ],
      [{ username: 'bob.short', role: 'support', password: 'short', reason: 'x' }, 'error.staff_password_short'],
      [{ username: 'bob.role', role: 'root', password: 'a-long-password-1', reason: 'x' }, 'error.invalid_param'],
      [{ username: 'bob.reason', role: 'support', password: 'a-long-password-1', reason: '' }, 'error.required'],
    ];
    for (const [body, key] of cases) expect((await post('/api/operator/staff/create', body)).body.msg).toBe(key);
    const existing = await addTestStaff(server, 'content');
    expect(
      (
        await post('/api/operator/staff/create', {
          username: existing.username,
          role: 'support',
          password: 'a-long-password-1',
          reason: 'x',
        })
      ).body.msg,
    ).toBe('error.staff_exists');
    expect(await auditCount(server)).toBe(before);
  });

  it('a role change applies to the next call; no one changes their own role; the last admin stays', async () => {
    const member = await staffToken(server, 'support');
    expect((await server.get('/api/operator/deposits', { token: member.token })).body.code).toBe(200);
    const changed = await post('/api/operator/staff/setRole', { id: member.id, role: 'content', reason: 'moved team' });
    expect(changed.body).toMatchObject({ code: 200, data: { role: 'content' } });
    expect((await server.get('/api/operator/deposits', { token: member.token })).body.msg).toBe(
      'error.operator_forbidden',
    );
    const trace = await server.get('/api/operator/audit', {
      token: admin.token,
      query: { action: 'staff.set_role', targetId: String(member.id) },
    });
    expect(JSON.parse(trace.body.rows[0].before)).toEqual({ role: 'support' });
    expect(JSON.parse(trace.body.rows[0].after)).toEqual({ role: 'content' });

    const before = await auditCount(server);
    expect(
      (await post('/api/operator/staff/setRole', { id: admin.id, role: 'finance', reason: 'self' })).body.msg,
    ).toBe('error.staff_self_change');
    expect((await post('/api/operator/staff/setRole', { id: 999_999, role: 'finance', reason: 'x' })).body.msg).toBe(
      'error.staff_not_found',
    );
    expect(await auditCount(server)).toBe(before);
  });

  it('disabling ends every session at once; enabling lets the member sign in again', async () => {
    const member = await addTestStaff(server, 'finance');
    const session = (await login(member)).body.data.token;
    const disabled = await post('/api/operator/staff/setDisabled', { id: member.id, disabled: true, reason: 'left' });
    expect(disabled.body).toMatchObject({ code: 200, data: { disabled: true } });
    expect((await server.get('/api/operator/deposits', { token: session })).body.code).toBe(401);
    expect((await login(member, 1)).body.msg).toBe('error.invalid_credentials');
    await post('/api/operator/staff/setDisabled', { id: member.id, disabled: false, reason: 'back' });
    server.clock.advance(60_000);
    expect((await login(member)).body.code).toBe(200);
  });

  it('a new TOTP secret: the old codes stop working, sessions end, the new secret signs in', async () => {
    const member = await addTestStaff(server, 'content');
    const session = (await login(member)).body.data.token;
    const reset = await post('/api/operator/staff/resetTotp', { id: member.id, reason: 'lost phone' });
    expect(reset.body.code).toBe(200);
    expect((await server.get('/api/operator/me', { token: session })).body.code).toBe(401);
    server.clock.advance(60_000);
    expect((await login(member)).body.msg).toBe('error.invalid_credentials');
    expect((await login({ ...member, totpSecret: reset.body.data.totpSecret })).body.code).toBe(200);
  });

  it('two admins removing each other at once: one stays an admin', async () => {
    const first = await staffToken(server, 'admin');
    const second = await staffToken(server, 'admin');
    // Only these two are active admins for this race.
    const { db } = server.context.database;
    const others = await db
      .selectFrom('staff_member')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .where('id', 'not in', [first.id, second.id])
      .execute();
    const otherIds = others.map((row) => row.id);
    if (otherIds.length > 0)
      await db.updateTable('staff_member').set({ disabled: 1 }).where('id', 'in', otherIds).execute();
    try {
      const answers = await Promise.all([
        post('/api/operator/staff/setRole', { id: second.id, role: 'finance', reason: 'race' }, first.token),
        post('/api/operator/staff/setDisabled', { id: first.id, disabled: true, reason: 'race' }, second.token),
      ]);
      expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
      for (const answer of answers.filter((each) => each.body.code !== 200)) {
        expect(['error.staff_last_admin', 'error.operator_forbidden']).toContain(answer.body.msg);
      }
      const activeAdmins = await db
        .selectFrom('staff_member')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .execute();
      expect(activeAdmins).toHaveLength(1);
    } finally {
      if (otherIds.length > 0)
        await db.updateTable('staff_member').set({ disabled: 0 }).where('id', 'in', otherIds).execute();
    }
  });

  it('the audit log filters by actor, action, target, words of the reason and time, newest first', async () => {
    const member = await staffToken(server, 'support');
    const from = server.clock.now;
    await post('/api/operator/staff/setRole', { id: member.id, role: 'content', reason: 'Quarterly 100%_review' });
    server.clock.advance(1_000);
    await post('/api/operator/staff/setRole', { id: member.id, role: 'support', reason: 'back to support' });
    const all = await server.get('/api/operator/audit', {
      token: admin.token,
      query: { targetType: 'staff', targetId: String(member.id), staffId: admin.id },
    });
    expect(all.body.total).toBe(2);
    expect(all.body.rows.map((row: { reason: string }) => row.reason)).toEqual([
      'back to support',
      'Quarterly 100%_review',
    ]);
    const words = await server.get('/api/operator/audit', { token: admin.token, query: { text: '100%_rev' } });
    expect(words.body.rows.map((row: { reason: string }) => row.reason)).toEqual(['Quarterly 100%_review']);
    // `%` and `_` are letters: "100%" does not match "1000 things".
    const window = await server.get('/api/operator/audit', {
      token: admin.token,
      query: { targetId: String(member.id), from, to: from + 1 },
    });
    expect(window.body.rows).toHaveLength(1);
    for (const role of ['finance', 'support', 'content'] as const) {
      expect((await server.get('/api/operator/audit', { token: tokens[role].token })).body.msg).toBe(
        'error.operator_forbidden',
      );
    }
  });
});
