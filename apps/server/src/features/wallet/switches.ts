import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { switchIsOn as anySwitchIsOn } from '../../core/switches';

/** The operator switches of SPEC §6 that this feature reads (switch_setting.switch_key). */
export type WalletSwitch = 'bank_card_unmasked' | 'wallet_address_unmasked';

/** Narrowed to this feature's switches, so a misspelt key fails to compile. */
export const switchIsOn = (db: Kysely<Database>, switchKey: WalletSwitch): Promise<boolean> =>
  anySwitchIsOn(db, switchKey);
