import type { Kysely } from 'kysely';
import type { operatorCustomers } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { reconcile } from '../ledger/reconcile';
import { recordAudit } from '../staff/audit';

/** A check reads the whole ledger: at most one a minute from the console, and one at a time per process. */
export const RECONCILE_RUN_INTERVAL_MS = 60_000;
/** The differences a stored run keeps for the operator to read (the count keeps them all). */
const PROBLEMS_KEPT_MAX = 20;

type ReconcileRunRecord = operatorCustomers.ReconcileRunRecord;

type RunRow = Awaited<ReturnType<typeof latestRunRow>>;

function latestRunRow(db: Kysely<Database>) {
  return db.selectFrom('reconcile_run').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

function runRecord(row: NonNullable<RunRow>): ReconcileRunRecord {
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

/**
 * Runs the ledger's reconcile (the check `npm run reconcile` makes), stores when, whether it was clean,
 * how many differences and who asked, with one audit row, and answers the stored run. Bounded: one run
 * at a time in this process (error.reconcile_running) and one a minute across processes
 * (error.reconcile_too_soon, from the stored runs).
 */
export class ReconcileRunner {
  private running = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  async run(staffId: number): Promise<ReconcileRunRecord> {
    if (this.running) refuse('error.reconcile_running');
    this.running = true;
    try {
      const startedAt = this.clock();
      const latest = await latestRunRow(this.db);
      const nextAllowed = latest ? Number(latest.ran_at) + RECONCILE_RUN_INTERVAL_MS : startedAt;
      if (startedAt < nextAllowed)
        refuse('error.reconcile_too_soon', { seconds: Math.ceil((nextAllowed - startedAt) / 1000) });
      const started = performance.now();
      const report = await reconcile(this.db);
      const durationMs = Math.round(performance.now() - started);
      const differences = report.problems.length + report.problemsOmitted;
      return await this.db.transaction().execute(async (transaction) => {
        const inserted = await transaction
          .insertInto('reconcile_run')
          .values({
            ran_at: startedAt,
            ok: report.ok ? 1 : 0,
            differences,
            entries_checked: report.entriesChecked,
            accounts_checked: report.accountsChecked,
            duration_ms: durationMs,
            staff_id: staffId,
            problems_json: JSON.stringify(report.problems.slice(0, PROBLEMS_KEPT_MAX)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(
          transaction,
          {
            staffId,
            action: 'reconcile.run',
            targetType: 'reconcile_run',
            targetId: inserted.id,
            reason: report.ok ? 'clean' : `${differences} differences`,
            entryId: null,
            after: { ok: report.ok, differences, entriesChecked: report.entriesChecked },
          },
          startedAt,
        );
        const stored = await transaction
          .selectFrom('reconcile_run')
          .selectAll()
          .where('id', '=', inserted.id)
          .executeTakeFirstOrThrow();
        return runRecord(stored);
      });
    } finally {
      this.running = false;
    }
  }
}
