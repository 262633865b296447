import { sql, type Kysely } from 'kysely';
import { withId, type Dialect } from './table-helpers';

/**
 * Identity verification, referral commissions and reward tasks (issue 14). Depends on nothing after 0012.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // ---- Document photos: private files, named by a random key, owned by one customer. ----
  await withId(db.schema.createTable('identity_image'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // `<32 random hex>.<ext>`: the file's name under KESTREL_DATA_DIR/identity; never guessable.
    .addColumn('image_key', 'varchar(48)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('identity_image_user').on('identity_image').columns(['user_id', 'id']).execute();

  // ---- Submissions: one row per sending; the latest of a level is the level's status. ----
  await withId(db.schema.createTable('identity_verification'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('auth_method', 'integer', (c) => c.notNull())
    .addColumn('real_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('id_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('img1_key', 'varchar(48)', (c) => c.notNull())
    .addColumn('img2_key', 'varchar(48)', (c) => c.notNull())
    .addColumn('img3_key', 'varchar(48)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewer_staff_id', 'integer')
    .addCheckConstraint('identity_verification_level', sql`level in (0, 1)`)
    .addCheckConstraint('identity_verification_status', sql`status in (1, 2, 3)`)
    .execute();
  await db.schema
    .createIndex('identity_verification_user')
    .on('identity_verification')
    .columns(['user_id', 'level', 'id'])
    .execute();
  // At most one pending and one passed submission per customer and level, whatever races: the second
  // insert fails here and is refused as "pending" or "already passed".
  await db.schema
    .createIndex('identity_verification_open')
    .on('identity_verification')
    .columns(['user_id', 'level', 'status'])
    .unique()
    .where(sql.ref('status'), 'in', [1, 2])
    .execute();
  await db.schema.createIndex('identity_verification_queue').on('identity_verification').columns(['status', 'id']).execute();

  // ---- Referral commissions: one row per (fee entry, level), beside its ledger entry. ----
  await withId(db.schema.createTable('referral_commission'), dialect)
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('fee_entry_id', 'bigint', (c) => c.notNull())
    .addColumn('fee_reason', 'varchar(64)', (c) => c.notNull())
    .addColumn('earner_user_id', 'integer', (c) => c.notNull())
    .addColumn('member_user_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('commission_units', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('referral_commission_level', sql`level in (1, 2)`)
    .addCheckConstraint('referral_commission_positive', sql`commission_units > 0 and commission_units <= fee_units`)
    .execute();
  await db.schema
    .createIndex('referral_commission_once')
    .on('referral_commission')
    .columns(['fee_entry_id', 'member_user_id', 'currency_id', 'level'])
    .unique()
    .execute();
  await db.schema.createIndex('referral_commission_earner').on('referral_commission').columns(['earner_user_id', 'id']).execute();
  await db.schema.createIndex('user_account_inviter').on('user_account').column('inviter_id').execute();

  // ---- Reward tasks and what each customer claimed (paid from the funded account reward_budget). ----
  await withId(db.schema.createTable('reward_task'), dialect)
    .addColumn('title_lang', 'text', (c) => c.notNull())
    .addColumn('description_lang', 'text', (c) => c.notNull())
    .addColumn('condition', 'varchar(32)', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('reward_task_amount', sql`amount_units > 0`)
    .execute();
  await withId(db.schema.createTable('reward_claim'), dialect)
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull())
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Once per customer and task, whatever races.
  await db.schema.createIndex('reward_claim_once').on('reward_claim').columns(['task_id', 'user_id']).unique().execute();
  await db.schema.createIndex('reward_claim_user').on('reward_claim').columns(['user_id', 'id']).execute();
}
