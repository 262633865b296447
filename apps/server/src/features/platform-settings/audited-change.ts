import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../staff/audit';

/** Who changes a setting, why, and when: every save in this feature carries it into its audit row. */
export interface SettingActor {
  staffId: number;
  reason: string;
  now: number;
}

export interface AuditedResult<T> {
  targetId: number | string;
  /** The row as it was (undefined when the save created it). */
  before: unknown;
  after: unknown;
  result: T;
}

/**
 * Runs one save in its own transaction and writes exactly one audit row there, with the row before
 * and after: the change and its trace commit together or not at all.
 */
export async function auditedChange<T>(
  db: Kysely<Database>,
  actor: SettingActor,
  what: { action: string; targetType: string },
  change: (transaction: Transaction<Database>) => Promise<AuditedResult<T>>,
): Promise<T> {
  return db.transaction().execute(async (transaction) => {
    const outcome = await change(transaction);
    await recordAudit(
      transaction,
      {
        staffId: actor.staffId,
        action: what.action,
        targetType: what.targetType,
        targetId: outcome.targetId,
        reason: actor.reason,
        entryId: null,
        before: outcome.before,
        after: outcome.after,
      },
      actor.now,
    );
    return outcome.result;
  });
}
