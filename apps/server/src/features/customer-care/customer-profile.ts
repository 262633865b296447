import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';

/** The customer's account row, refused as `error.customer_not_found` when no account has the id. */
export async function findCustomer(db: Kysely<Database>, userId: number) {
  const user = await db.selectFrom('user_account').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) refuse('error.customer_not_found');
  return user;
}

/** The other half of a demo/real pair: a real account's demo account, or a demo account's real one. */
export async function linkedAccount(db: Kysely<Database>, userId: number): Promise<number | null> {
  const link = await db
    .selectFrom('demo_link')
    .select(['real_user_id', 'demo_user_id'])
    .where((eb) => eb.or([eb('real_user_id', '=', userId), eb('demo_user_id', '=', userId)]))
    .executeTakeFirst();
  if (!link) return null;
  return link.real_user_id === userId ? link.demo_user_id : link.real_user_id;
}

/** The operator lock on a customer, if one stands. */
export async function customerLock(db: Kysely<Database>, userId: number) {
  return db.selectFrom('customer_operator_lock').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
