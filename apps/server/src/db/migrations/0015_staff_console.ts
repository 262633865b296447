import type { Kysely } from 'kysely';
import type { Dialect } from './table-helpers';

/**
 * The operator console (issue 16): staff sign in with a TOTP code as well as a password, and every
 * audit row keeps what the action changed (before and after, as JSON). Depends on 0003 (staff_member,
 * operator_audit).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The base32 TOTP secret; null until the member is enrolled (a member without one cannot sign in).
  await db.schema.alterTable('staff_member').addColumn('totp_secret', 'varchar(64)').execute();
  // The last 30-second step a code was accepted for: a code is good once, and never an older one.
  await db.schema.alterTable('staff_member').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.alterTable('operator_audit').addColumn('before_json', 'text').execute();
  await db.schema.alterTable('operator_audit').addColumn('after_json', 'text').execute();
  await db.schema.createIndex('operator_audit_created').on('operator_audit').column('created_at').execute();
  await db.schema
    .createIndex('operator_audit_staff')
    .on('operator_audit')
    .columns(['staff_id', 'created_at'])
    .execute();
}
