import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { operatorCustomers } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { haltPlanOf, type HaltPlan } from '../ledger/halt-targets';
import { raiseHalts, standingHaltCount } from '../ledger/money-halts';
import { reconcile } from '../ledger/reconcile';
import { recordAudit } from '../staff/audit';
import { logReconcileAlarm } from './reconcile-alarm';

/** A check reads the whole ledger: at most one a minute from the console, and one at a time per process. */
export const RECONCILE_RUN_INTERVAL_MS = 60_000;
/** The differences a stored run keeps for the operator to read (the count keeps them all). */
const PROBLEMS_KEPT_MAX = 20;

type ReconcileRunRecord = operatorCustomers.ReconcileRunRecord;

/** A stored run and what it halted. */
export interface ReconcileOutcome {
  run: ReconcileRunRecord;
  /** Halts this run raised (a target already halted is not halted twice). */
  haltsRaised: number;
  /** Halts standing after the run. */
  standingHalts: number;
  /** Platform accounts the differences named: in the alarm, never halted. */
  platformAccountIds: number[];
}

/** The latest run of anyone, of the schedule only (`by: 'schedule'`) or of operators only (`by: 'operator'`). */
function latestRunRow(db: Kysely<Database>, by: 'anyone' | 'schedule' | 'operator' = 'anyone') {
  let query = db.selectFrom('reconcile_run').selectAll();
  if (by === 'schedule') query = query.where('staff_id', 'is', null);
  if (by === 'operator') query = query.where('staff_id', 'is not', null);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

type RunRow = NonNullable<Awaited<ReturnType<typeof latestRunRow>>>;

function runRecord(row: RunRow): ReconcileRunRecord {
  const problems: unknown = JSON.parse(row.problems_json);
  return {
    id: row.id,
    ranAt: Number(row.ran_at),
    ok: row.ok === 1 ? 1 : 0,
    differences: row.differences,
    entriesChecked: row.entries_checked,
    accountsChecked: row.accounts_checked,
    durationMs: row.duration_ms,
    staffId: row.staff_id,
    problems: Array.isArray(problems) ? problems.map(String) : [],
  };
}

/** The latest stored run, or null before the first. */
export async function latestReconcileRun(db: Kysely<Database>): Promise<ReconcileRunRecord | null> {
  const row = await latestRunRow(db);
  return row ? runRecord(row) : null;
}

/** The dashboard's ledger alarm: whether the latest run found differences, the schedule's latest run, the standing halts. */
export async function ledgerAlarm(db: Kysely<Database>): Promise<operatorCustomers.LedgerAlarm> {
  const [latest, scheduled, standingHalts] = await Promise.all([
    latestRunRow(db),
    latestRunRow(db, 'schedule'),
    standingHaltCount(db),
  ]);
  return {
    differencesFound: latest && latest.ok !== 1 ? 1 : 0,
    latestScheduledRun: scheduled ? runRecord(scheduled) : null,
    standingHalts,
  };
}

const NO_HALTS: HaltPlan = { targets: [], platformAccountIds: [] };

/**
 * Runs the ledger's reconcile (the check `npm run reconcile` makes) and, in one transaction, stores
 * the run (`staffId` null: the schedule), raises a halt on everything its differences name
 * (ledger/halt-targets.ts) and, for an operator's run, writes the audit row. Logs the alarm when it
 * found differences. Used by the schedule and by the console's run alike: a difference halts money
 * whoever found it.
 */
export async function recordReconcileRun(
  db: Kysely<Database>,
  request: { staffId: number | null; clock: () => number; log: FastifyBaseLogger },
): Promise<ReconcileOutcome> {
  const startedAt = request.clock();
  const started = performance.now();
  const report = await reconcile(db);
  const durationMs = Math.round(performance.now() - started);
  const differences = report.problems.length + report.problemsOmitted;
  const plan = report.ok ? NO_HALTS : await haltPlanOf(db, report);
  const outcome = await db.transaction().execute(async (transaction) => {
    const inserted = await transaction
      .insertInto('reconcile_run')
      .values({
        ran_at: startedAt,
        ok: report.ok ? 1 : 0,
        differences,
        entries_checked: report.entriesChecked,
        accounts_checked: report.accountsChecked,
        duration_ms: durationMs,
        staff_id: request.staffId,
        problems_json: JSON.stringify(report.problems.slice(0, PROBLEMS_KEPT_MAX)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const halts = await raiseHalts(transaction, plan.targets, { reconcileRunId: inserted.id, now: startedAt });
    if (request.staffId !== null)
      await recordAudit(
        transaction,
        {
          staffId: request.staffId,
          action: 'reconcile.run',
          targetType: 'reconcile_run',
          targetId: inserted.id,
          reason: report.ok ? 'clean' : `${differences} differences`,
          entryId: null,
          after: {
            ok: report.ok,
            differences,
            entriesChecked: report.entriesChecked,
            haltsRaised: halts.raised.length,
          },
        },
        startedAt,
      );
    const stored = await transaction
      .selectFrom('reconcile_run')
      .selectAll()
      .where('id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    return {
      run: runRecord(stored),
      haltsRaised: halts.raised.length,
      standingHalts: halts.standing,
      platformAccountIds: plan.platformAccountIds,
    };
  });
  if (!report.ok) logReconcileAlarm(request.log, outcome, report.problems);
  return outcome;
}

/**
 * The console's run (`POST operator/reconcile/run`): answers the stored run. Bounded: one run at a
 * time in this process (error.reconcile_running) and one a minute across processes
 * (error.reconcile_too_soon, from the operators' stored runs: the schedule's own runs are bounded by
 * its period, and an operator re-checking right after a scheduled alarm is not kept waiting).
 */
export class ReconcileRunner {
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(staffId: number): Promise<ReconcileRunRecord> {
    if (this.running) refuse('error.reconcile_running');
    this.running = true;
    try {
      const now = this.clock();
      const latest = await latestRunRow(this.db, 'operator');
      const nextAllowed = latest ? Number(latest.ran_at) + RECONCILE_RUN_INTERVAL_MS : now;
      if (now < nextAllowed) refuse('error.reconcile_too_soon', { seconds: Math.ceil((nextAllowed - now) / 1000) });
      const outcome = await recordReconcileRun(this.db, { staffId, clock: this.clock, log: this.log });
      return outcome.run;
    } finally {
      this.running = false;
    }
  }
}
