import type { FastifyBaseLogger } from 'fastify';
import type { ReconcileOutcome } from './reconcile-runs';

/** The log line every alarm starts with: what an operator's log alert matches on. */
export const ALARM_PREFIX = 'LEDGER RECONCILE ALARM';
/** Problems the alarm line quotes; the stored run keeps 20 and the console shows them. */
const PROBLEMS_QUOTED = 3;

/** The alarm's one line: the count, who ran it, what it halted, the first problems. */
export function alarmLine(outcome: ReconcileOutcome, problems: readonly string[]): string {
  const { run } = outcome;
  const by = run.staffId === null ? 'the schedule' : `operator ${run.staffId}`;
  const platform =
    outcome.platformAccountIds.length > 0
      ? `; platform accounts named (not halted): ${outcome.platformAccountIds.join(', ')}`
      : '';
  const quoted = problems.slice(0, PROBLEMS_QUOTED).join(' | ');
  const more = run.differences > PROBLEMS_QUOTED ? ` | ... ${run.differences - PROBLEMS_QUOTED} more` : '';
  return (
    `${ALARM_PREFIX}: ${run.differences} differences in reconcile run ${run.id} (by ${by}); ` +
    `${outcome.haltsRaised} halts raised, ${outcome.standingHalts} standing${platform}; first: ${quoted}${more}`
  );
}

/** Logs the alarm at error level, as one line with the figures also as fields. */
export function logReconcileAlarm(
  log: FastifyBaseLogger,
  outcome: ReconcileOutcome,
  problems: readonly string[],
): void {
  log.error(
    {
      reconcileRunId: outcome.run.id,
      differences: outcome.run.differences,
      haltsRaised: outcome.haltsRaised,
      standingHalts: outcome.standingHalts,
      platformAccountIds: outcome.platformAccountIds,
      problems: problems.slice(0, PROBLEMS_QUOTED),
    },
    alarmLine(outcome, problems),
  );
}
