import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface AuditRecord {
  staffId: number;
  action: string;
  /** What the action was taken on: a deposit, a withdrawal, a loan, a product... */
  targetType: string;
  targetId: number;
  reason: string;
  /** The ledger entry the action posted, when money moved. */
  entryId: number | null;
}

/** One row per operator action, written in the action's own transaction: no action without its trace. */
export async function recordAudit(transaction: Kysely<Database>, record: AuditRecord, now: number): Promise<void> {
  await transaction
    .insertInto('operator_audit')
    .values({
      staff_id: record.staffId,
      action: record.action,
      target_type: record.targetType,
      target_id: String(record.targetId),
      reason: record.reason,
      entry_id: record.entryId,
      created_at: now,
    })
    .execute();
}

