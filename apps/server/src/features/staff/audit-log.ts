import { sql, type Kysely } from 'kysely';
import type { operatorStaff } from '@kestrel/contract';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { readPage, type PageRequest } from '../../core/paging';

type AuditRow = z.output<typeof operatorStaff.auditRow>;

export interface AuditFilter extends PageRequest {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  text?: string;
  from?: number;
  to?: number;
}

/** `%` and `_` in an operator's search words are letters, not wildcards. */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The audit log, newest first, filtered by actor, action, target, words of the reason and time. */
export async function auditPage(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<{ rows: AuditRow[]; total: number }> {
  let query = db.selectFrom('operator_audit').innerJoin('staff_member', 'staff_member.id', 'operator_audit.staff_id');
  if (filter.staffId !== undefined) query = query.where('operator_audit.staff_id', '=', filter.staffId);
  if (filter.action) query = query.where('operator_audit.action', '=', filter.action);
  if (filter.targetType) query = query.where('operator_audit.target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('operator_audit.target_id', '=', filter.targetId);
  if (filter.text) {
    const pattern = likePattern(filter.text.toLowerCase());
    // ESCAPE names the backslash on both databases (SQLite has no default escape character).
    query = query.where(sql<boolean>`lower(${sql.ref('operator_audit.reason')}) like ${pattern} escape '\\'`);
  }
  if (filter.from !== undefined) query = query.where('operator_audit.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('operator_audit.created_at', '<', filter.to);
  return readPage(
    query
      .select([
        'operator_audit.id',
        'operator_audit.staff_id',
        'staff_member.username',
        'operator_audit.action',
        'operator_audit.target_type',
        'operator_audit.target_id',
        'operator_audit.reason',
        'operator_audit.entry_id',
        'operator_audit.before_json',
        'operator_audit.after_json',
        'operator_audit.created_at',
      ])
      .orderBy('operator_audit.id', 'desc'),
    filter,
    (row) => ({
      id: row.id,
      staffId: row.staff_id,
      staffUsername: row.username,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      reason: row.reason,
      entryId: row.entry_id,
      before: row.before_json,
      after: row.after_json,
      createdAt: Number(row.created_at),
    }),
  );
}
