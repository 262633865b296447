import type { Kysely } from 'kysely';
import type { operatorStaff, StaffRole } from '@kestrel/contract';
import type { z } from 'zod';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { readPage, type PageRequest } from '../../core/paging';
import { recordAudit, type AuditRecord } from './audit';
import { addStaff, isStaffRole, revokeStaffSessions, type StaffEnrolment } from './staff-service';
import { newTotpSecret, totpUri } from './totp';

type StaffMemberView = z.output<typeof operatorStaff.staffMemberView>;
/** The admin acting, when, and on which database (for the admin lock). */
export interface StaffActor {
  staffId: number;
  now: number;
  dialect: DialectName;
}

async function memberView(db: Kysely<Database>, id: number): Promise<StaffMemberView> {
  const row = await db
    .selectFrom('staff_member')
    .select(['id', 'username', 'role', 'disabled', 'created_at'])
    .select((select) =>
      select
        .selectFrom('staff_session')
        .select((inner) => inner.fn.max('staff_session.created_at').as('last'))
        .whereRef('staff_session.staff_id', '=', 'staff_member.id')
        .as('last_sign_in_at'),
    )
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !isStaffRole(row.role)) refuse('error.staff_not_found');
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled === 1,
    createdAt: Number(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
  };
}

export async function staffPage(
  db: Kysely<Database>,
  page: PageRequest,
): Promise<{ rows: StaffMemberView[]; total: number }> {
  const { rows, total } = await readPage(
    db.selectFrom('staff_member').select('id').orderBy('username'),
    page,
    (row) => row.id,
  );
  return { rows: await Promise.all(rows.map((id) => memberView(db, id))), total };
}

/**
 * Admins other than `exceptId` who are active: the last one may not be disabled or demoted. On
 * PostgreSQL the admin rows are locked first (in id order), so two admins demoting each other at once
 * cannot both pass; SQLite's one connection already runs one transaction at a time.
 */
async function otherActiveAdmins(transaction: Kysely<Database>, actor: StaffActor, exceptId: number): Promise<number> {
  if (actor.dialect === 'postgres') {
    await transaction
      .selectFrom('staff_member')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  // The actor's own role is read again under the lock: a demoted admin's call in flight acts no more.
  const acting = await transaction
    .selectFrom('staff_member')
    .select(['role', 'disabled'])
    .where('id', '=', actor.staffId)
    .executeTakeFirst();
  if (!acting || acting.role !== 'admin' || acting.disabled === 1) refuse('error.operator_forbidden');
  const row = await transaction
    .selectFrom('staff_member')
    .select((select) => select.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Loads the member another admin acts on, refusing oneself (no one widens or ends their own access). */
async function targetOf(transaction: Kysely<Database>, actor: StaffActor, id: number): Promise<StaffMemberView> {
  if (id === actor.staffId) refuse('error.staff_self_change');
  return memberView(transaction, id);
}

/** The audit row of a change to a staff member: who changed whom, why, and what changed. */
function auditStaffChange(
  transaction: Kysely<Database>,
  actor: StaffActor,
  change: Pick<AuditRecord, 'action' | 'targetId' | 'reason' | 'before' | 'after'>,
): Promise<void> {
  return recordAudit(transaction, { staffId: actor.staffId, targetType: 'staff', entryId: null, ...change }, actor.now);
}

export async function createStaffMember(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { username: string; role: StaffRole; password: string; reason: string },
): Promise<{ member: StaffMemberView; totpSecret: string; otpauthUri: string }> {
  return db.transaction().execute(async (transaction) => {
    const enrolment: StaffEnrolment = await addStaff(transaction, input, actor.now);
    const member = await memberView(transaction, enrolment.member.id);
    // The audit keeps who was added and as what, never the password or the TOTP secret.
    await auditStaffChange(transaction, actor, {
      action: 'staff.create',
      targetId: member.id,
      reason: input.reason,
      after: { username: member.username, role: member.role },
    });
    return { member, totpSecret: enrolment.totpSecret, otpauthUri: enrolment.otpauthUri };
  });
}

export async function setStaffRole(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { id: number; role: StaffRole; reason: string },
): Promise<StaffMemberView> {
  return db.transaction().execute(async (transaction) => {
    const before = await targetOf(transaction, actor, input.id);
    if (
      before.role === 'admin' &&
      input.role !== 'admin' &&
      (await otherActiveAdmins(transaction, actor, before.id)) === 0
    ) {
      refuse('error.staff_last_admin');
    }
    await transaction.updateTable('staff_member').set({ role: input.role }).where('id', '=', input.id).execute();
    const after = await memberView(transaction, input.id);
    await auditStaffChange(transaction, actor, {
      action: 'staff.set_role',
      targetId: input.id,
      reason: input.reason,
      before: { role: before.role },
      after: { role: after.role },
    });
    return after;
  });
}

export async function setStaffDisabled(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { id: number; disabled: boolean; reason: string },
): Promise<StaffMemberView> {
  return db.transaction().execute(async (transaction) => {
    const before = await targetOf(transaction, actor, input.id);
    if (input.disabled && before.role === 'admin' && (await otherActiveAdmins(transaction, actor, before.id)) === 0) {
      refuse('error.staff_last_admin');
    }
    await transaction
      .updateTable('staff_member')
      .set({ disabled: input.disabled ? 1 : 0 })
      .where('id', '=', input.id)
      .execute();
    if (input.disabled) await revokeStaffSessions(transaction, input.id, actor.now);
    const after = await memberView(transaction, input.id);
    await auditStaffChange(transaction, actor, {
      action: input.disabled ? 'staff.disable' : 'staff.enable',
      targetId: input.id,
      reason: input.reason,
      before: { disabled: before.disabled },
      after: { disabled: after.disabled },
    });
    return after;
  });
}

/** A new TOTP secret for a member who lost their phone: the old codes stop working and every session ends. */
export async function resetStaffTotp(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { id: number; reason: string },
): Promise<{ member: StaffMemberView; totpSecret: string; otpauthUri: string }> {
  return db.transaction().execute(async (transaction) => {
    const member = await targetOf(transaction, actor, input.id);
    const totpSecret = newTotpSecret();
    await transaction
      .updateTable('staff_member')
      .set({ totp_secret: totpSecret, totp_last_step: null })
      .where('id', '=', input.id)
      .execute();
    await revokeStaffSessions(transaction, input.id, actor.now);
    await auditStaffChange(transaction, actor, {
      action: 'staff.reset_totp',
      targetId: input.id,
      reason: input.reason,
    });
    return { member, totpSecret, otpauthUri: totpUri(totpSecret, member.username) };
  });
}
