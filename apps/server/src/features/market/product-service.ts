import { sql, type Selectable } from 'kysely';
import type { LanguageCode, Product } from '@kestrel/contract';
import { findInstrument, isSessionOpen } from '@kestrel/market';
import type { AppContext } from '../../app-context';
import type { ProductTable } from '../../db/schema';
import { parseTranslations } from '../language/language-packs';
import { pageOffset, pageWithTotal } from '../../core/paging';

export interface ProductFilter {
  productType?: number;
  keyWords?: string;
  recommendedOnly?: boolean;
  watchlistOf?: number;
  pageNum: number;
  pageSize: number;
}

/** Escapes LIKE wildcards so a customer's "%" searches for a percent sign. */
function likePattern(keyWords: string): string {
  return `%${keyWords.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listProducts(
  context: AppContext,
  filter: ProductFilter,
  language: LanguageCode,
): Promise<{ rows: Product[]; total: number }> {
  const { db } = context.database;
  let select = db.selectFrom('product').where('product.is_visible', '=', 1);
  if (filter.productType !== undefined) select = select.where('product.product_type', '=', filter.productType);
  if (filter.keyWords) {
    const pattern = likePattern(filter.keyWords);
    select = select.where((where) =>
      where.or([
        where(sql`lower(product.product_code)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(product.name)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(product.name_lang)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (filter.recommendedOnly) {
    select = select.innerJoin('home_recommend_product as recommended', 'recommended.product_id', 'product.id');
  }
  if (filter.watchlistOf !== undefined) {
    select = select
      .innerJoin('user_product_option as option', 'option.product_id', 'product.id')
      .where('option.user_id', '=', filter.watchlistOf);
  }
  let ordered = select.selectAll('product');
  if (filter.recommendedOnly) ordered = ordered.orderBy(sql`recommended.sort`);
  if (filter.watchlistOf !== undefined) ordered = ordered.orderBy(sql`option.created_at`);
  const page = await pageWithTotal(
    ordered.orderBy('product.sort').orderBy('product.id').limit(filter.pageSize).offset(pageOffset(filter)).execute(),
    select.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  return { rows: page.rows.map((row) => productView(context, row, language)), total: page.total };
}

export async function findProductByCode(
  context: AppContext,
  productCode: string,
): Promise<Selectable<ProductTable> | undefined> {
  return context.database.db
    .selectFrom('product')
    .selectAll()
    .where('product_code', '=', productCode)
    .where('is_visible', '=', 1)
    .executeTakeFirst();
}

/** A product row joined with its live ticker, in the customer's language. */
export function productView(context: AppContext, row: Selectable<ProductTable>, language: LanguageCode): Product {
  const instrument = findInstrument(row.product_code);
  const names = parseTranslations(row.name_lang);
  return {
    id: row.id,
    productId: row.id,
    productName: names[language] ?? names.en ?? row.name,
    productNameLang: names,
    productCode: row.product_code,
    productDesc: row.description,
    productImg: row.image,
    productType: row.product_type,
    isVisible: row.is_visible,
    sort: row.sort,
    isLock: row.is_lock,
    isShow: row.is_show,
    isSelfSell: row.is_self_sell,
    isOption: row.is_option,
    PositionType: row.position_types,
    standard: row.standard,
    priceScale: row.price_scale,
    quantityScale: row.quantity_scale,
    sessionOpen: instrument ? isSessionOpen(instrument.session, context.clock()) : false,
    simulated: context.market.simulated,
    tickerInfo: context.market.tickerInfo(row.product_code) ?? null,
  };
}
