import { SWITCH_STATUS } from '@kestrel/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Whether an operator switch (switch_setting.switch_key, SPEC §6) is on. Read on every request rather
 * than cached, so an operator's change shows at once; a switch with no row is off.
 */
export async function switchIsOn(db: Kysely<Database>, switchKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('switch_setting')
    .select('status')
    .where('switch_key', '=', switchKey)
    .executeTakeFirst();
  return row?.status === SWITCH_STATUS.on;
}
