import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { reconcile } from '../ledger/reconcile';
import { dataUrl, pngImage } from '../funding/test-images.test-helper';
import { CHANNELS, newKey, staffToken } from '../funding/funding.test-helper';
import { credit, USD, USDT } from '../wallet/test-support';

type Customer = { token: string; userId: number; email: string };

const DASHBOARD = '/api/userTeam/myTeamDataDashboard';
const MEMBERS = '/api/userTeam/queryLowerTeamInfo';
const COMMISSIONS = '/api/userTeam/commissionList';

/**
 * Teams and referral commissions (issue 14). A invites B and D; B invites C. An exchange of 100 USDT
 * to USD pays a fee of 0.10 USD (seeded rate 0.9990, fee 0.1 %), so C's exchange pays B 0.02 (20 %)
 * and A 0.01 (10 %), and B's pays A 0.02.
 */
describeOnEachDatabase('team and referral commissions', (dialect) => {
  let server: TestServer;
  let a: Customer;
  let b: Customer;
  let c: Customer;
  let d: Customer;
  let finance: { token: string };

  const inviteCodeOf = async (customer: Customer) =>
    (await server.get('/api/userInfo/getUserInfo', { token: customer.token })).body.data.inviteCode as string;
  const convert = (customer: Customer, amount = '100', token = customer.token) =>
    server.post(
      '/api/userInfo/balanceConvert',
      { transAmount: amount, currencyIdFrom: USDT, currencyIdTo: USD },
      { token, headers: { 'idempotency-key': newKey() } },
    );
  const commissionRows = () =>
    server.context.database.db
      .selectFrom('referral_commission')
      .select([
        'earner_user_id',
        'member_user_id',
        'level',
        'currency_id',
        'fee_entry_id',
        sql<string>`cast(fee_units as text)`.as('fee'),
        sql<string>`cast(commission_units as text)`.as('commission'),
      ])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    finance = await staffToken(server, 'finance');
    a = await registerCustomer(server);
    b = await registerCustomer(server, undefined, { inviteCode: await inviteCodeOf(a) });
    d = await registerCustomer(server, undefined, { inviteCode: await inviteCodeOf(a) });
    c = await registerCustomer(server, undefined, { inviteCode: (await inviteCodeOf(b)).toLowerCase() });
    for (const customer of [b, c]) await credit(server, customer.userId, USDT, '5000');
  });
  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  it('pays each level its published share of a fee, out of fee income, in entries of their own', async () => {
    const before = await commissionRows();
    expect(before).toEqual([]);
    expect((await convert(c)).body.code).toBe(200);
    expect((await convert(b)).body.code).toBe(200);
    const rows = await commissionRows();
    expect(rows.map(({ earner_user_id, member_user_id, level, currency_id, fee, commission }) => ({
      earner_user_id,
      member_user_id,
      level,
      currency_id,
      fee,
      commission,
    }))).toEqual([
      { earner_user_id: b.userId, member_user_id: c.userId, level: 1, currency_id: USD, fee: '10', commission: '2' },
      { earner_user_id: a.userId, member_user_id: c.userId, level: 2, currency_id: USD, fee: '10', commission: '1' },
      { earner_user_id: a.userId, member_user_id: b.userId, level: 1, currency_id: USD, fee: '10', commission: '2' },
    ]);

    // The earner's statement shows the commission; the fee entry it came from is the member's exchange.
    const statement = await server.get('/api/userAccountRecord/list', { token: a.token });
    const commissions = statement.body.rows.filter((row: { reasonCode: string }) => row.reasonCode === 'referral.commission');
    expect(commissions).toHaveLength(2);
    const feeEntry = await server.context.database.db
      .selectFrom('journal_entry')
      .select(['reason_code', 'actor_id'])
      .where('id', '=', Number(rows[0]!.fee_entry_id))
      .executeTakeFirstOrThrow();
    expect(feeEntry).toEqual({ reason_code: 'exchange.convert', actor_id: String(c.userId) });
    const memberStatement = await server.get('/api/userAccountRecord/list', { token: c.token });
    expect(memberStatement.body.rows.some((row: { reasonCode: string }) => row.reasonCode === 'exchange.convert')).toBe(
      true,
    );
  });

  it('pays nothing on demo money; a demo account’s code joins its real owner’s team', async () => {
    const before = (await commissionRows()).length;
    const demo = await server.post('/api/userInfo/changeLoginModel', {}, { token: c.token });
    expect(demo.body.code).toBe(200);
    expect((await convert(c, '100', demo.body.data.token)).body.code).toBe(200);
    expect(await commissionRows()).toHaveLength(before);
    const demoCode = demo.body.data.userInfo.inviteCode as string;
    const invitedByDemo = await registerCustomer(server, undefined, { inviteCode: demoCode });
    const joined = await server.context.database.db
      .selectFrom('user_account')
      .select('inviter_id')
      .where('id', '=', invitedByDemo.userId)
      .executeTakeFirstOrThrow();
    expect(joined.inviter_id).toBe(c.userId);
    // Undo, so the team figures below count A's team as built in beforeAll.
    await server.context.database.db
      .updateTable('user_account')
      .set({ inviter_id: null })
      .where('id', '=', invitedByDemo.userId)
      .execute();
  });

  it('keeps every commission within its fee under parallel fee-paying requests', async () => {
    const before = (await commissionRows()).length;
    // Eight: the seeded exchange allows ten a day per customer, and C has made one.
    const answers = await Promise.all(Array.from({ length: 8 }, () => convert(c, '500')));
    expect(answers.every((answer) => answer.body.code === 200)).toBe(true);
    const rows = await commissionRows();
    expect(rows.length - before).toBe(16);
    const byFee = new Map<string, { fee: bigint; paid: bigint }>();
    for (const row of rows) {
      const key = `${row.fee_entry_id}/${row.member_user_id}/${row.currency_id}`;
      const seen = byFee.get(key) ?? { fee: BigInt(row.fee), paid: 0n };
      seen.paid += BigInt(row.commission);
      byFee.set(key, seen);
    }
    for (const { fee, paid } of byFee.values()) expect(paid <= fee).toBe(true);
  });

  it('shows the team: figures, members per level with masked contacts, and the commissions', async () => {
    // A confirmed deposit by D, through the API as a customer and an operator would do it.
    const proof = await server.post(
      '/api/common/upload',
      { file: dataUrl(pngImage(40, 30, 7)) },
      { token: d.token, json: true },
    );
    const requested = await server.post(
      '/api/userRecharge/inMoney',
      { rechargeAmount: '250', payChannelId: CHANNELS.rechargeTrc20, rechargeImg: proof.body.data.key },
      { token: d.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(requested.body.code, JSON.stringify(requested.body)).toBe(200);
    const confirmed = await server.post(
      '/api/operator/deposits/confirm',
      { id: requested.body.data.id, reason: '' },
      { token: finance.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(confirmed.body.code).toBe(200);

    const dashboard = await server.get(DASHBOARD, { token: a.token });
    expect(dashboard.body.data).toMatchObject({
      teamDirectPersonNum: 2,
      teamPersonNum: 3,
      firstRechargePersonNum: 1,
      rechargePersonNumToday: 1,
      teamTotalRechargeAmount: '250',
      inviteCode: await inviteCodeOf(a),
      commissionRates: ['0.20', '0.10'],
    });
    // A earned 0.01 + 0.02 USD, then 8 x 0.05 USD (level 2 of C's exchanges of 500: fee 0.50).
    const earned = await server.context.database.db
      .selectFrom('referral_commission')
      .select(sql<string>`cast(sum(commission_units) as text)`.as('units'))
      .where('earner_user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(earned.units).toBe('43');
    // 0.43 USD at the seeded USD->USDT rate 0.9990 is 0.42957 USDT, shown to the cent.
    expect(dashboard.body.data.teamTotalCommissionAmount).toBe('0.43');
    expect(dashboard.body.data.activePersonNum).toBe(3);

    const level1 = await server.get(MEMBERS, { token: a.token, query: { teamLevel: 1 } });
    expect(level1.body.total).toBe(2);
    expect(level1.body.rows.map((row: { userAccount: string }) => row.userAccount)).toEqual([
      `${d.email.slice(0, 2)}***@example.com`,
      `${b.email.slice(0, 2)}***@example.com`,
    ]);
    expect(level1.body.rows[0]).toMatchObject({ teamLevel: 1, rechargeAmount: '250', commissionAmount: '0' });
    expect(JSON.stringify(level1.body)).not.toContain(d.email);
    const level2 = await server.get(MEMBERS, { token: a.token, query: { teamLevel: 2 } });
    expect(level2.body).toMatchObject({ total: 1, rows: [{ teamLevel: 2, active: true }] });
    expect((await server.get(MEMBERS, { token: c.token, query: { teamLevel: 1 } })).body.total).toBe(0);
    expect((await server.get(MEMBERS, { token: a.token, query: { teamLevel: 3 } })).body).toMatchObject({
      code: 500,
      msg: 'error.invalid_param',
    });

    const list = await server.get(COMMISSIONS, { token: b.token });
    expect(list.body.total).toBe(9);
    expect(list.body.rows.at(-1)).toMatchObject({
      teamLevel: 1,
      currencyName: 'USD',
      feeAmount: '0.1',
      commissionAmount: '0.02',
      rate: '0.20',
      feeReason: 'exchange.convert',
    });
    expect((await server.get(DASHBOARD, {})).body.code).toBe(401);
  });
});
