import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Bound on what an audit row keeps of a before or after value: a row is a trace, not a backup. */
const AUDIT_VALUE_CHARACTERS_MAX = 20_000;

export interface AuditRecord {
  staffId: number;
  action: string;
  /** What the action was taken on: a deposit, a withdrawal, a loan, a product... */
  targetType: string;
  targetId: number | string;
  reason: string;
  /** The ledger entry the action posted, when money moved. */
  entryId: number | null;
  /** What the target looked like before the action (omit when it did not exist). */
  before?: unknown;
  /** What it looks like after (omit when the action removed it). */
  after?: unknown;
}

function auditValue(value: unknown): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(value, (_key, field: unknown) => (typeof field === 'bigint' ? field.toString() : field));
  return text.length > AUDIT_VALUE_CHARACTERS_MAX ? `${text.slice(0, AUDIT_VALUE_CHARACTERS_MAX)}…` : text;
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
      before_json: auditValue(record.before),
      after_json: auditValue(record.after),
    })
    .execute();
}
