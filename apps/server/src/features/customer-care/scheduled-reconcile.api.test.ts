import { afterAll, beforeAll, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'kysely';
import { describeOnEachDatabase, registerCustomer, startTestServer, type TestServer } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { openDatabase } from '../../db/connection';
import { Scheduler } from '../../jobs/scheduler';
import { reconcile } from '../ledger/reconcile';
import { credit, freshKey, journalLength, ledgerBalances, USD, USDT } from '../wallet/test-support';
import { ALARM_PREFIX } from './reconcile-alarm';
import { LEDGER_RECONCILE_JOB, ledgerReconcileJob, SUPERSEDED_SUMMARY } from './scheduled-reconcile';

const DASHBOARD = '/api/operator/dashboard';
const HALTS = '/api/operator/halts';
const LIFT = '/api/operator/halts/lift';
const RUN = '/api/operator/reconcile/run';
const CONVERT = '/api/userInfo/balanceConvert';
/** The job's period in this suite: short, so crossing one is a small clock step. */
const PERIOD_MS = 60_000;

describeOnEachDatabase('scheduled ledger reconcile and money halts', (dialect) => {
  let server: TestServer;
  let alarms: MockInstance;
  let staff: Record<'admin' | 'finance' | 'support' | 'content', string>;

  /** Staff sessions end after two idle hours; the suite's clock moves in minutes, so one sign-in lasts. */
  beforeAll(async () => {
    server = await startTestServer(dialect, { reconcilePeriodMs: PERIOD_MS });
    staff = {
      admin: (await staffToken(server, 'admin')).token,
      finance: (await staffToken(server, 'finance')).token,
      support: (await staffToken(server, 'support')).token,
      content: (await staffToken(server, 'content')).token,
    };
  });
  afterAll(async () => {
    alarms.mockRestore();
    expect((await reconcile(server.context.database.db)).problems).toEqual([]);
    await server.close();
  });
  beforeEach(() => {
    alarms?.mockRestore();
    alarms = vi.spyOn(server.context.log, 'error');
  });

  const db = () => server.context.database.db;
  const count = async (table: 'reconcile_run' | 'money_halt' | 'operator_audit') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const alarmLines = () =>
    alarms.mock.calls.map((call) => call[1]).filter((line) => String(line).startsWith(ALARM_PREFIX));
  /** The next period ends, and the scheduler runs what is due, as its timer does. */
  const nextPeriod = async () => {
    server.clock.advance(PERIOD_MS);
    return (await server.context.scheduler.runDue()).filter((report) => report.job === LEDGER_RECONCILE_JOB);
  };
  const latestRun = () => db().selectFrom('reconcile_run').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const convert = (token: string) =>
    server.post(
      CONVERT,
      { transAmount: '10', currencyIdFrom: USDT, currencyIdTo: USD },
      { token, headers: freshKey() },
    );

  it('a clean ledger gives a clean scheduled run, no halt and no alarm', async () => {
    const runsBefore = await count('reconcile_run');
    const reports = await nextPeriod();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.summary).toMatch(/^run \d+: clean/);
    expect(await count('reconcile_run')).toBe(runsBefore + 1);
    expect(await latestRun()).toMatchObject({ ok: 1, differences: 0, staff_id: null });
    expect(await count('money_halt')).toBe(0);
    expect(alarmLines()).toEqual([]);

    const dashboard = await server.get(DASHBOARD, { token: staff.finance });
    expect(dashboard.body.data.ledgerAlarm).toMatchObject({
      differencesFound: 0,
      latestScheduledRun: { ok: 1, differences: 0, staffId: null, problems: [] },
      standingHalts: 0,
    });
    expect((await server.get(DASHBOARD, { token: staff.content })).body.data.ledgerAlarm).toBeNull();
  });

  it('runs once per period; after downtime only the newest missed period reads the ledger', async () => {
    await nextPeriod();
    const runs = await count('reconcile_run');
    expect(await server.context.scheduler.runDue()).toEqual([]);
    expect(await count('reconcile_run')).toBe(runs);

    server.clock.advance(3 * PERIOD_MS);
    const reports = (await server.context.scheduler.runDue()).filter((report) => report.job === LEDGER_RECONCILE_JOB);
    expect(reports.map((report) => report.summary)).toEqual([
      SUPERSEDED_SUMMARY,
      SUPERSEDED_SUMMARY,
      expect.stringMatching(/^run \d+: clean/),
    ]);
    expect(await count('reconcile_run')).toBe(runs + 1);
  });

  it('two schedulers on one database (two processes on PostgreSQL) run a period once', async () => {
    await nextPeriod();
    // On PostgreSQL a second process is a second scheduler on its own connections; on SQLite there is
    // one process per database file, and two runs at once inside it must still run the period once.
    const other =
      dialect === 'postgres'
        ? openDatabase({ databaseUrl: server.context.config.databaseUrl, sqliteFile: '', poolSize: 2 })
        : undefined;
    const second = other ? new Scheduler(other, server.clock.read, server.context.log) : server.context.scheduler;
    if (other)
      second.addPeriodic(
        ledgerReconcileJob({ periodMs: PERIOD_MS, clock: server.clock.read, log: server.context.log }),
      );
    try {
      const runs = await count('reconcile_run');
      server.clock.advance(PERIOD_MS);
      const [first, again] = await Promise.all([server.context.scheduler.runDue(), second.runDue()]);
      const ours = [...first, ...again].filter((report) => report.job === LEDGER_RECONCILE_JOB);
      expect(ours).toHaveLength(1);
      expect(await count('reconcile_run')).toBe(runs + 1);
    } finally {
      await other?.close();
    }
  });

  it('a tampered balance: the run records it, logs the alarm and halts exactly that account until an admin lifts it', async () => {
    const alice = await registerCustomer(server);
    const bob = await registerCustomer(server);
    for (const customer of [alice, bob]) await credit(server, customer.userId, USDT, '500');
    const aliceUsdt = await db()
      .selectFrom('ledger_account')
      .select('id')
      .where('user_id', '=', alice.userId)
      .where('currency_id', '=', USDT)
      .where('kind', '=', 'available')
      .executeTakeFirstOrThrow();
    await nextPeriod();
    expect(await count('money_halt')).toBe(0);

    // Someone edits a balance behind the ledger's back.
    const tamper = (units: number) =>
      db()
        .updateTable('ledger_account')
        .set({ balance_units: sql`balance_units + ${units}` })
        .where('id', '=', aliceUsdt.id)
        .execute();
    await tamper(1_000);
    const runsBefore = await count('reconcile_run');
    const [report] = await nextPeriod();
    expect(report!.summary).toMatch(/^run \d+: 1 differences, 1 halts raised, 1 standing$/);
    expect(await count('reconcile_run')).toBe(runsBefore + 1);
    const run = await latestRun();
    expect(run).toMatchObject({ ok: 0, differences: 1, staff_id: null });
    expect(JSON.parse(run.problems_json)).toEqual([expect.stringMatching(`account ${aliceUsdt.id}: balance`)]);
    expect(alarmLines()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${ALARM_PREFIX}: 1 differences in reconcile run ${run.id} \\(by the schedule\\); 1 halts raised.*account ${aliceUsdt.id}: balance`,
        ),
      ),
    ]);
    const halts = await db().selectFrom('money_halt').selectAll().execute();
    expect(halts).toEqual([
      expect.objectContaining({
        scope: 'account',
        ledger_account_id: aliceUsdt.id,
        user_id: alice.userId,
        currency_id: USDT,
        reconcile_run_id: run.id,
        lifted_at: null,
      }),
    ]);
    const haltId = halts[0]!.id;

    // Alice's money stands still: refused, nothing written. Bob's moves.
    const aliceBefore = await ledgerBalances(server, alice.userId);
    const journalBefore = await journalLength(server);
    const refused = await convert(alice.token);
    expect(refused.body).toMatchObject({ code: 500, msg: 'error.account_halted' });
    expect(await ledgerBalances(server, alice.userId)).toEqual(aliceBefore);
    expect(await journalLength(server)).toBe(journalBefore);
    expect((await convert(bob.token)).body.code).toBe(200);

    // The console shows it: the alarm on the dashboard, the halt in the list (support reads it).
    const dashboard = await server.get(DASHBOARD, { token: staff.finance });
    expect(dashboard.body.data.ledgerAlarm).toMatchObject({
      differencesFound: 1,
      latestScheduledRun: { id: run.id, ok: 0, differences: 1, staffId: null },
      standingHalts: 1,
    });
    const listed = await server.get(HALTS, { token: staff.support, query: { standing: 1 } });
    expect(listed.body).toMatchObject({ code: 200, total: 1 });
    expect(listed.body.rows[0]).toMatchObject({
      id: haltId,
      scope: 'account',
      ledgerAccountId: aliceUsdt.id,
      userId: alice.userId,
      userAccount: alice.email,
      currencyName: 'USDT',
      book: 'real',
      accountKind: 'available',
      reconcileRunId: run.id,
      standing: 1,
      liftedAt: null,
    });
    expect((await server.get(HALTS, { token: staff.content })).body.msg).toBe('error.operator_forbidden');

    // The next run finds it again: the alarm again, no second halt. An operator's run halts nothing new either.
    alarms.mockClear();
    await nextPeriod();
    expect(alarmLines()).toHaveLength(1);
    const onDemand = await server.post(RUN, {}, { token: staff.finance });
    expect(onDemand.body.data).toMatchObject({ ok: 0, differences: 1 });
    expect(await count('money_halt')).toBe(1);

    // Only an admin lifts, with a reason.
    for (const role of ['finance', 'support'] as const)
      expect((await server.post(LIFT, { id: haltId, reason: 'looked' }, { token: staff[role] })).body.msg).toBe(
        'error.operator_forbidden',
      );
    expect((await server.post(LIFT, { id: haltId }, { token: staff.admin })).body).toMatchObject({
      code: 500,
      msg: 'error.required',
    });
    expect((await convert(alice.token)).body.msg).toBe('error.account_halted');

    await tamper(-1_000);
    const audits = await count('operator_audit');
    const lifted = await server.post(
      LIFT,
      { id: haltId, reason: 'balance repaired from the postings' },
      { token: staff.admin },
    );
    expect(lifted.body.code).toBe(200);
    expect(lifted.body.data).toMatchObject({
      id: haltId,
      standing: 0,
      liftReason: 'balance repaired from the postings',
    });
    expect(lifted.body.data.liftedAt).toBe(server.clock.now);
    expect(await count('operator_audit')).toBe(audits + 1);
    expect(
      await db()
        .selectFrom('operator_audit')
        .select(['action', 'target_type', 'target_id', 'reason'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    ).toEqual({
      action: 'money_halt.lift',
      target_type: 'money_halt',
      target_id: String(haltId),
      reason: 'balance repaired from the postings',
    });
    expect((await server.post(LIFT, { id: haltId, reason: 'again' }, { token: staff.admin })).body.msg).toBe(
      'error.money_halt_lifted',
    );
    expect((await server.post(LIFT, { id: 999_999, reason: 'x' }, { token: staff.admin })).body.msg).toBe(
      'error.money_halt_not_found',
    );
    expect(await count('operator_audit')).toBe(audits + 1);

    // Money moves again, and the next scheduled run is clean: the alarm clears.
    expect((await convert(alice.token)).body.code).toBe(200);
    alarms.mockClear();
    await nextPeriod();
    expect(alarmLines()).toEqual([]);
    const cleared = await server.get(DASHBOARD, { token: staff.finance });
    expect(cleared.body.data.ledgerAlarm).toMatchObject({
      differencesFound: 0,
      latestScheduledRun: { ok: 1 },
      standingHalts: 0,
    });
    expect((await server.get(HALTS, { token: staff.finance, query: { standing: 0 } })).body.total).toBe(1);
  });
});
