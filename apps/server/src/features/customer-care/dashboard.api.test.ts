import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { newKey, USDT } from '../funding/funding.test-helper';
import { reconcile } from '../ledger/reconcile';
import { BTC, openPosition, tick, trader } from '../trading/trading.test-helper';

const DASHBOARD = '/api/operator/dashboard';
const RUN = '/api/operator/reconcile/run';
const HOUR_MS = 3600 * 1000;

describeOnEachDatabase('operator dashboard and reconcile runs', (dialect) => {
  let server: TestServer;
  let finance: { token: string; id: number };
  let content: string;
  let support: string;

  /** Staff sessions end after two idle hours: after the clock jumps, the staff sign in again. */
  const signIn = async () => {
    finance = await staffToken(server, 'finance');
    content = (await staffToken(server, 'content')).token;
    support = (await staffToken(server, 'support')).token;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signIn();
  });

  afterAll(async () => {
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });

  const auditRows = async () =>
    Number(
      (
        await server.context.database.db
          .selectFrom('operator_audit')
          .select(sql<number>`count(*)`.as('total'))
          .executeTakeFirstOrThrow()
      ).total,
    );

  it('counts queues and sign-ups, values the day in USDT, and shows content editors the counts only', async () => {
    const empty = await server.get(DASHBOARD, { token: finance.token });
    expect(empty.body.code).toBe(200);
    expect(empty.body.data).toMatchObject({
      asOf: server.clock.now,
      counts: { pendingDeposits: 0, pendingWithdrawals: 0, pendingAdjustments: 0 },
      money: {
        volume24h: { spot: '0.00000000', contracts: '0.00000000', fastTrades: '0.00000000', coinToCoin: '0.00000000' },
        feeIncome24h: '0.00000000',
        houseResultTotal: '0.00000000',
        unvaluedCurrencies: [],
      },
      reconcile: null,
    });

    // The seeded demo data may hold accounts of its own: sign-ups are counted from here.
    const { signUpsToday, signUpsLast7Days } = empty.body.data.counts;
    const alice = await trader(server);
    const bob = await registerCustomer(server);
    tick(server, BTC, '100000.00');
    expect((await openPosition(server, alice, { orderTotalPrice: '1000' })).body.code).toBe(200);
    const requested = await server.post(
      '/api/operator/adjustments/request',
      { userId: bob.userId, currencyId: USDT, amount: '5', reason: 'welcome' },
      { token: finance.token, headers: { 'idempotency-key': newKey() } },
    );
    expect(requested.body.code).toBe(200);

    const busy = await server.get(DASHBOARD, { token: support });
    expect(busy.body.data.counts).toMatchObject({
      pendingAdjustments: 1,
      signUpsToday: signUpsToday + 2,
      signUpsLast7Days: signUpsLast7Days + 2,
    });
    expect(busy.body.data.money).toMatchObject({
      volume24h: { contracts: '1000.00000000', spot: '0.00000000' },
      feeIncome24h: '0.50000000',
    });

    const forContent = await server.get(DASHBOARD, { token: content });
    expect(forContent.body.data).toMatchObject({
      counts: { pendingAdjustments: 1, signUpsToday: signUpsToday + 2 },
      money: null,
      reconcile: null,
    });

    server.clock.advance(25 * HOUR_MS);
    await signIn();
    const nextDay = await server.get(DASHBOARD, { token: finance.token });
    expect(nextDay.body.data.counts).toMatchObject({
      signUpsToday: 0,
      signUpsLast7Days: signUpsLast7Days + 2,
      pendingAdjustments: 1,
    });
    expect(nextDay.body.data.money).toMatchObject({
      volume24h: { contracts: '0.00000000' },
      feeIncome24h: '0.00000000',
    });
  });

  it('runs reconcile on demand, stores it with one audit row, at most once a minute, and the dashboard shows it', async () => {
    expect((await server.post(RUN, {}, { token: support })).body.msg).toBe('error.operator_forbidden');
    expect((await server.post(RUN, {}, { token: content })).body.msg).toBe('error.operator_forbidden');
    const before = await auditRows();
    const first = await server.post(RUN, {}, { token: finance.token });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({
      ok: 1,
      differences: 0,
      staffId: finance.id,
      ranAt: server.clock.now,
      problems: [],
    });
    expect(first.body.data.entriesChecked).toBeGreaterThan(0);
    expect(await auditRows()).toBe(before + 1);

    const tooSoon = await server.post(RUN, {}, { token: finance.token });
    expect(tooSoon.body).toMatchObject({ code: 500, msg: 'error.reconcile_too_soon', params: { seconds: 60 } });
    expect(await auditRows()).toBe(before + 1);

    server.clock.advance(61_000);
    const second = await server.post(RUN, {}, { token: finance.token });
    expect(second.body.data).toMatchObject({ ok: 1 });
    expect(second.body.data.id).toBeGreaterThan(first.body.data.id);
    expect(await auditRows()).toBe(before + 2);

    const shown = await server.get(DASHBOARD, { token: finance.token });
    expect(shown.body.data.reconcile).toEqual(second.body.data);
    expect((await server.get(DASHBOARD, { token: content })).body.data.reconcile).toBeNull();
  });
});
