import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * Account self-service (issue 15 part 4): where each session began, an opaque public id per session,
 * the security log, and unique contact details so a bound email or phone belongs to one account only.
 * Depends on nothing after 0008.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // ---- Sessions: the device and address they began from, and an id the customer may name. ----
  await db.schema
    .alterTable('session_token')
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('session_token')
    .addColumn('device_label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('session_token')
    .addColumn('ip_address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Sessions from before this migration get a random id too, so every one can be listed and revoked.
  // The id only names a session its owner already sees; it is not a secret (ownership is checked).
  const randomId =
    dialect === 'postgres'
      ? sql`md5(random()::text || clock_timestamp()::text || token_hash)`
      : sql`lower(hex(randomblob(16)))`;
  await sql`update session_token set public_id = ${randomId} where public_id = ''`.execute(db);
  await db.schema.createIndex('session_token_public_id').on('session_token').column('public_id').unique().execute();
  // "Log out other devices" and a password change find the demo sessions entered from a real one.
  await db.schema.createIndex('demo_session_real_token').on('demo_session').column('real_token_hash').execute();

  // ---- A bound email or phone belongs to one account: the race of two binds ends here. ----
  // NULLs never collide on either database, so accounts without the contact are unaffected.
  await db.schema.createIndex('user_account_email_unique').on('user_account').column('email').unique().execute();
  await db.schema
    .createIndex('user_account_phone_unique')
    .on('user_account')
    .columns(['area_code', 'phone'])
    .unique()
    .execute();

  // ---- The security log: one row per change, written in the change's own transaction. ----
  await withId(db.schema.createTable('security_event'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // Plain text for the customer: the masked new contact, the new nickname, or a count.
    .addColumn('detail', 'varchar(200)', (c) => c.notNull())
    // Masked when written (203.0.113.x): the log never holds the full address.
    .addColumn('ip_masked', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_label', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'security_event_kind',
      sql`kind in ('login', 'password_changed', 'password_reset', 'email_bound', 'phone_bound', 'nickname_changed', 'avatar_changed', 'sessions_revoked')`,
    )
    .execute();
  await db.schema.createIndex('security_event_user').on('security_event').columns(['user_id', 'id']).execute();
}
