import type { Insertable, Kysely } from 'kysely';
import type { Database, UserAccountTable } from '../../db/schema';

/** What whoever creates an account decides; the login-lock columns are not theirs to choose. */
export type NewUserAccount = Omit<Insertable<UserAccountTable>, 'id' | 'failed_login_count' | 'locked_until'>;

/**
 * Writes a new account (a sign-up, a demo account, the seed's demo customer) and answers its id. Every
 * account starts with no failed logins and no lock (account-service.ts counts and locks them later).
 */
export async function insertUserAccount(db: Kysely<Database>, account: NewUserAccount): Promise<number> {
  const inserted = await db
    .insertInto('user_account')
    .values({ ...account, failed_login_count: 0, locked_until: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
