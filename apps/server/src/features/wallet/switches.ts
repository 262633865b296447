import { SWITCH_STATUS } from '@kestrel/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The operator switches of SPEC §6 that this feature reads (switch_setting.switch_key). */
export type WalletSwitch = 'bank_card_unmasked' | 'wallet_address_unmasked';

/** Read on every request, so an operator's change shows at once. */
export async function switchIsOn(db: Kysely<Database>, switchKey: WalletSwitch): Promise<boolean> {
  const row = await db
    .selectFrom('switch_setting')
    .select('status')
    .where('switch_key', '=', switchKey)
    .executeTakeFirst();
  return row?.status === SWITCH_STATUS.on;
}
