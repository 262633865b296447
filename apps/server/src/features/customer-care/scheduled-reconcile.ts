import type { FastifyBaseLogger } from 'fastify';
import type { PeriodicJob } from '../../jobs/scheduler';
import { writeCheckpoint } from '../ledger/checkpoints';
import { recordReconcileRun } from './reconcile-runs';

/** The scheduler's name of the job (its `job_run` rows, its PostgreSQL advisory lock `kestrel.job.period.ledger.reconcile`). */
export const LEDGER_RECONCILE_JOB = 'ledger.reconcile';

/** What the summary in `job_run` says for a period a later one covers. */
export const SUPERSEDED_SUMMARY = 'superseded: the newest ended period checks the whole ledger';

/**
 * The scheduled reconcile (DESIGN §3: "runs in tests, on demand, and on a schedule"): each period,
 * once it has ended, writes a ledger checkpoint (ledger/checkpoints.ts), verifies the whole ledger, stores a `reconcile_run` with no staff member, halts
 * money on whatever the differences name and logs `LEDGER RECONCILE ALARM` (reconcile-runs.ts).
 *
 * The scheduler runs each (job, period) once across processes (job_run's key, the PostgreSQL job
 * lock). A check is of the ledger as it is now, not as of its period, so when the scheduler catches
 * up after downtime only the newest ended period reads the ledger; the older ones are recorded as
 * superseded instead of reading the same ledger up to a thousand times.
 */
export function ledgerReconcileJob(dependencies: {
  periodMs: number;
  clock: () => number;
  log: FastifyBaseLogger;
}): PeriodicJob {
  const { periodMs, clock, log } = dependencies;
  return {
    name: LEDGER_RECONCILE_JOB,
    periodMs,
    run: async (db, period) => {
      if (period.asOf + periodMs <= clock()) return SUPERSEDED_SUMMARY;
      // Pin the chain heads first, so this run already verifies the new checkpoint against the chains.
      await writeCheckpoint(db, clock());
      const outcome = await recordReconcileRun(db, { staffId: null, clock, log });
      const { run } = outcome;
      return run.ok === 1
        ? `run ${run.id}: clean, ${run.entriesChecked} entries, ${run.accountsChecked} accounts`
        : `run ${run.id}: ${run.differences} differences, ${outcome.haltsRaised} halts raised, ${outcome.standingHalts} standing`;
    },
  };
}
