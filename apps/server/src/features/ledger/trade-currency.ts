import type { Kysely } from 'kysely';
import { CONSTANTS } from '@kestrel/contract';
import type { Database } from '../../db/schema';

export interface TradeCurrency {
  id: number;
  name: string;
  scale: number;
}

/**
 * The currency every market trades in (spot, contracts, fast trades): the otherValue setting
 * default_trade_currency_id (SPEC §3, default 3 = USDT). One unified trade currency, as the original's
 * default; one function, so every feature agrees on it.
 */
export async function tradeCurrency(db: Kysely<Database>): Promise<TradeCurrency> {
  const setting = await db
    .selectFrom('other_value')
    .select('setting_value')
    .where('setting_key', '=', 'default_trade_currency_id')
    .executeTakeFirst();
  const configured = Number(setting?.setting_value ?? CONSTANTS.usdtCurrencyId);
  const id = Number.isInteger(configured) && configured > 0 ? configured : CONSTANTS.usdtCurrencyId;
  const currency = await db
    .selectFrom('platform_currency')
    .select(['id', 'currency_name', 'scale'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!currency) throw new Error(`the trade currency ${id} (default_trade_currency_id) is not a platform currency`);
  return { id: currency.id, name: currency.currency_name, scale: currency.scale };
}
