import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { balance, newKey, USDT } from '../funding/funding.test-helper';
import { reconcile } from '../ledger/reconcile';

const REQUEST = '/api/operator/adjustments/request';
const APPROVE = '/api/operator/adjustments/approve';
const REJECT = '/api/operator/adjustments/reject';
const LIST = '/api/operator/adjustments';

describeOnEachDatabase('operator adjustments', (dialect) => {
  let server: TestServer;
  let requester: { token: string; id: number };
  let approver: { token: string; id: number };
  let admin: { token: string; id: number };
  let support: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    requester = await staffToken(server, 'finance');
    approver = await staffToken(server, 'finance');
    admin = await staffToken(server, 'admin');
    support = (await staffToken(server, 'support')).token;
  });

  afterAll(async () => {
    const report = await reconcile(server.context.database.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    await server.close();
  });

  const post = (path: string, body: Record<string, unknown>, token: string, key = newKey()) =>
    server.post(path, body, { token, headers: { 'idempotency-key': key } });

  /** Every row adjustments and the ledger write, counted: "nothing changed" compares two of these. */
  const footprint = async () => {
    const { db } = server.context.database;
    const count = async (table: 'operator_audit' | 'balance_adjustment' | 'journal_entry' | 'posting') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      );
    const statuses = await db.selectFrom('balance_adjustment').select(['id', 'status']).orderBy('id').execute();
    return {
      audit: await count('operator_audit'),
      adjustments: await count('balance_adjustment'),
      entries: await count('journal_entry'),
      postings: await count('posting'),
      statuses: JSON.stringify(statuses),
    };
  };

  const requestAdjustment = async (userId: number, amount: string, reason = 'goodwill for outage 2026-11-17') => {
    const answer = await post(REQUEST, { userId, currencyId: USDT, amount, reason }, requester.token);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number; status: number; amount: string };
  };

  it('a credit waits for a second operator, then posts one entry the customer sees on the statement', async () => {
    const customer = await registerCustomer(server);
    const before = await footprint();
    const pending = await requestAdjustment(customer.userId, '125.5');
    expect(pending).toMatchObject({
      status: 0,
      amount: '125.50000000',
      requestedByStaffId: requester.id,
      entryId: null,
    });
    const afterRequest = await footprint();
    expect(afterRequest).toMatchObject({
      audit: before.audit + 1,
      adjustments: before.adjustments + 1,
      entries: before.entries,
    });
    expect(await balance(server, customer.userId, 'available')).toBe(0n);

    const own = await post(APPROVE, { id: pending.id }, requester.token);
    expect(own.body).toMatchObject({ code: 500, msg: 'error.adjustment_own' });
    expect(await footprint()).toEqual(afterRequest);

    const key = newKey();
    const approved = await post(APPROVE, { id: pending.id }, approver.token, key);
    expect(approved.body.code).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 1, reviewedByStaffId: approver.id });
    expect(approved.body.data.entryId).toBeGreaterThan(0);
    expect(await balance(server, customer.userId, 'available')).toBe(12_550_000_000n);
    const afterApproval = await footprint();
    expect(afterApproval).toMatchObject({ audit: afterRequest.audit + 1, entries: afterRequest.entries + 1 });

    const replay = await post(APPROVE, { id: pending.id }, approver.token, key);
    expect(replay.body).toEqual(approved.body);
    const again = await post(APPROVE, { id: pending.id }, admin.token);
    expect(again.body).toMatchObject({ code: 500, msg: 'error.adjustment_not_pending' });
    expect(await footprint()).toEqual(afterApproval);

    const entry = await server.context.database.db
      .selectFrom('journal_entry')
      .selectAll()
      .where('id', '=', approved.body.data.entryId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      reason_code: 'operator.adjustment',
      reference_type: 'adjustment',
      reference_id: String(pending.id),
      actor_type: 'operator',
      actor_id: String(approver.id),
      memo: 'goodwill for outage 2026-11-17',
    });
    const audit = await server.context.database.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'adjustment.approve')
      .where('target_id', '=', String(pending.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ staff_id: approver.id, entry_id: entry.id });
    expect(JSON.parse(audit.before_json ?? '{}')).toMatchObject({ status: 0 });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ status: 1, entryId: entry.id });

    // The customer's own statement, and the words their language pack gives the reason.
    const statement = await server.get('/api/userAccountRecord/list', { token: customer.token });
    expect(statement.body.rows[0]).toMatchObject({
      reasonCode: 'operator.adjustment',
      actorType: 'operator',
      memo: 'goodwill for outage 2026-11-17',
      amount: '125.50000000',
      balanceAfter: '125.50000000',
      kind: 'available',
    });
    const german = await server.get('/api/langMgr/list', { query: { lang: 'de' } });
    expect(german.body.data['reason.operator.adjustment']).toBe('Korrektur durch Kestrel');
    const english = await server.get('/api/langMgr/list', { query: { lang: 'en' } });
    expect(english.body.data['reason.operator.adjustment']).toBe('Adjustment by Kestrel');

    const operatorView = await server.get('/api/operator/customers/statement', {
      token: support,
      query: { id: customer.userId },
    });
    expect(operatorView.body.rows[0]).toMatchObject({ reasonCode: 'operator.adjustment', amount: '125.50000000' });
  });

  it('a debit beyond the available balance is refused at approval and changes nothing; within it, it posts', async () => {
    const customer = await registerCustomer(server);
    await post(APPROVE, { id: (await requestAdjustment(customer.userId, '10')).id }, approver.token);
    const tooMuch = await requestAdjustment(customer.userId, '-10.00000001', 'chargeback');
    const before = await footprint();
    const refused = await post(APPROVE, { id: tooMuch.id }, approver.token);
    expect(refused.body).toMatchObject({
      code: 500,
      msg: 'error.adjustment_insufficient_balance',
      params: { available: '10.00000000' },
    });
    expect(await footprint()).toEqual(before);
    expect(await balance(server, customer.userId, 'available')).toBe(1_000_000_000n);

    const exact = await requestAdjustment(customer.userId, '-10', 'chargeback');
    expect((await post(APPROVE, { id: exact.id }, admin.token)).body.code).toBe(200);
    expect(await balance(server, customer.userId, 'available')).toBe(0n);
  });

  it('a rejection moves nothing; a decided adjustment cannot be rejected or approved', async () => {
    const customer = await registerCustomer(server);
    const pending = await requestAdjustment(customer.userId, '5');
    const before = await footprint();
    const rejected = await post(REJECT, { id: pending.id, reason: 'duplicate of #12' }, approver.token);
    expect(rejected.body.data).toMatchObject({ status: 2, reviewReason: 'duplicate of #12', entryId: null });
    const after = await footprint();
    expect(after).toMatchObject({ audit: before.audit + 1, entries: before.entries });
    for (const [path, body] of [
      [REJECT, { id: pending.id, reason: 'again' }],
      [APPROVE, { id: pending.id }],
    ] as const) {
      expect((await post(path, body, admin.token)).body.msg).toBe('error.adjustment_not_pending');
    }
    expect((await post(APPROVE, { id: 999_999 }, admin.token)).body.msg).toBe('error.adjustment_not_found');
    expect(await footprint()).toEqual({ ...after });
    expect(await balance(server, customer.userId, 'available')).toBe(0n);
  });

  it('two operators approving at once: exactly one succeeds, one entry', async () => {
    const customer = await registerCustomer(server);
    const pending = await requestAdjustment(customer.userId, '7');
    const before = await footprint();
    const answers = await Promise.all([
      post(APPROVE, { id: pending.id }, approver.token),
      post(APPROVE, { id: pending.id }, admin.token),
      post(APPROVE, { id: pending.id }, approver.token),
      post(APPROVE, { id: pending.id }, admin.token),
    ]);
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.body.code !== 200))
      expect(answer.body.msg).toBe('error.adjustment_not_pending');
    expect(await footprint()).toMatchObject({ audit: before.audit + 1, entries: before.entries + 1 });
    expect(await balance(server, customer.userId, 'available')).toBe(700_000_000n);
  });

  it('refuses bad input, demo accounts and unknown customers or currencies, writing nothing', async () => {
    const customer = await registerCustomer(server);
    const demoId = (await server.post('/api/userInfo/changeLoginModel', {}, { token: customer.token })).body.data
      .userInfo.id as number;
    const before = await footprint();
    const base = { userId: customer.userId, currencyId: USDT, amount: '1', reason: 'why' };
    const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
      [{ ...base, amount: '0' }, 'error.adjustment_amount_zero'],
      [{ ...base, amount: '-0.000' }, 'error.adjustment_amount_zero'],
      [{ ...base, amount: '1e5' }, 'error.adjustment_amount_invalid'],
      [{ ...base, amount: '+1' }, 'error.adjustment_amount_invalid'],
      [{ ...base, amount: '0.000000001' }, 'error.adjustment_amount_precision', { scale: 8 }],
      [{ ...base, amount: '1000000001' }, 'error.adjustment_amount_too_large', { max: '1000000000' }],
      [{ ...base, reason: '' }, 'error.required'],
      [{ ...base, reason: '   ' }, 'error.invalid_param'],
      [{ ...base, reason: 'x'.repeat(501) }, 'error.invalid_param'],
      [{ userId: customer.userId, currencyId: USDT, amount: '1' }, 'error.required'],
      [{ ...base, userId: 999_999 }, 'error.customer_not_found'],
      [{ ...base, userId: demoId }, 'error.adjustment_real_account_only'],
      [{ ...base, currencyId: 9_999 }, 'error.unknown_currency'],
    ];
    for (const [body, msg, params] of cases) {
      const answer = await post(REQUEST, body, requester.token);
      expect(answer.body.code, JSON.stringify(body)).toBe(500);
      expect(answer.body.msg, JSON.stringify(body)).toBe(msg);
      if (params) expect(answer.body.params).toMatchObject(params);
    }
    const withoutKey = await server.post(REQUEST, base, { token: requester.token });
    expect(withoutKey.body.msg).toBe('error.idempotency_key_required');
    expect(await footprint()).toEqual(before);
  });

  it('only finance and admin move money; support reads; customers are not operators', async () => {
    const customer = await registerCustomer(server);
    const pending = await requestAdjustment(customer.userId, '3');
    const before = await footprint();
    const body = { userId: customer.userId, currencyId: USDT, amount: '1', reason: 'why' };
    for (const [path, input] of [
      [REQUEST, body],
      [APPROVE, { id: pending.id }],
      [REJECT, { id: pending.id, reason: 'no' }],
    ] as const) {
      expect((await post(path, input, support)).body.msg, path).toBe('error.operator_forbidden');
      expect((await post(path, input, customer.token)).body.code, path).toBe(401);
    }
    const content = (await staffToken(server, 'content')).token;
    expect((await server.get(LIST, { token: content })).body.msg).toBe('error.operator_forbidden');
    expect(await footprint()).toEqual(before);

    const listed = await server.get(LIST, { token: support, query: { status: 0, userId: customer.userId } });
    expect(listed.body).toMatchObject({
      code: 200,
      total: 1,
      rows: [{ id: pending.id, status: 0, amount: '3.00000000' }],
    });
  });

  it('a replayed request creates one adjustment', async () => {
    const customer = await registerCustomer(server);
    const key = newKey();
    const body = { userId: customer.userId, currencyId: USDT, amount: '2', reason: 'why' };
    const first = await post(REQUEST, body, requester.token, key);
    const second = await post(REQUEST, body, requester.token, key);
    expect(second.body).toEqual(first.body);
    const listed = await server.get(LIST, { token: admin.token, query: { userId: customer.userId } });
    expect(listed.body.total).toBe(1);
  });
});
