import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseTranslations } from '../language/language-packs';
import type { MessageParam } from './rendering';

/**
 * Names an event's message shows, read inside the event's transaction, so each hook stays one call:
 * a product by its translated name (rendered in the customer's language), a currency by its code.
 */

/** A product's name in every language it has (its code when the product has gone). */
export async function productLabel(transaction: Kysely<Database>, productCode: string): Promise<MessageParam> {
  const row = await transaction
    .selectFrom('product')
    .select(['name', 'name_lang'])
    .where('product_code', '=', productCode)
    .executeTakeFirst();
  if (!row) return productCode;
  return { translations: parseTranslations(row.name_lang), fallback: row.name };
}

/** A currency's name (USDT, BTC ...): the same in every language. */
export async function currencyLabel(transaction: Kysely<Database>, currencyId: number): Promise<string> {
  const row = await transaction
    .selectFrom('platform_currency')
    .select('currency_name')
    .where('id', '=', currencyId)
    .executeTakeFirst();
  return row?.currency_name ?? String(currencyId);
}
