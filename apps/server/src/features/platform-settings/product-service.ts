import { sql, type Kysely, type Selectable } from 'kysely';
import type { operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { Database, ProductTable } from '../../db/schema';
import type { ProductTradeSettingTable } from '../../db/schema-trading';
import { refuse } from '../../core/errors';
import { pageOffset, pageWithTotal } from '../../core/paging';
import { auditedChange, type SettingActor } from './audited-change';
import { tradeSettingView } from './trade-setting-rules';

type OperatorProduct = operatorSettings.OperatorProduct;
type ProductSave = z.output<typeof operatorSettings.operatorProductSave.body>;

interface ProductRow {
  product: Selectable<ProductTable>;
  setting: Selectable<ProductTradeSettingTable> | undefined;
  recommendSort: number | null;
}

export function productView({ product, setting, recommendSort }: ProductRow): OperatorProduct {
  return {
    id: product.id,
    productCode: product.product_code,
    productType: product.product_type,
    name: product.name,
    positionTypes: product.position_types,
    priceScale: product.price_scale,
    quantityScale: product.quantity_scale,
    isVisible: product.is_visible === 1 ? 1 : 0,
    sort: product.sort,
    isLock: product.is_lock === 1 ? 1 : 0,
    recommended: recommendSort === null ? 0 : 1,
    recommendSort,
    tradeSetting: setting ? tradeSettingView(setting) : null,
  };
}

/** One product with its trade setting and home recommendation, or undefined. */
export async function loadProduct(
  db: Kysely<Database>,
  where: { id: number } | { productCode: string },
): Promise<ProductRow | undefined> {
  let select = db.selectFrom('product').selectAll();
  select = 'id' in where ? select.where('id', '=', where.id) : select.where('product_code', '=', where.productCode);
  const product = await select.executeTakeFirst();
  if (!product) return undefined;
  const [setting, recommended] = await Promise.all([
    db
      .selectFrom('product_trade_setting')
      .selectAll()
      .where('product_code', '=', product.product_code)
      .executeTakeFirst(),
    db.selectFrom('home_recommend_product').select('sort').where('product_id', '=', product.id).executeTakeFirst(),
  ]);
  return { product, setting, recommendSort: recommended?.sort ?? null };
}

/** Every product, hidden ones too, in the customers' order. */
export async function listProducts(
  db: Kysely<Database>,
  query: { pageNum: number; pageSize: number; productType?: number; keyWords?: string },
): Promise<{ rows: OperatorProduct[]; total: number }> {
  let select = db.selectFrom('product');
  if (query.productType !== undefined) select = select.where('product_type', '=', query.productType);
  if (query.keyWords) {
    const pattern = `%${query.keyWords.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    select = select.where((where) =>
      where.or([
        where(sql`lower(product_code)`, 'like', sql`${pattern} escape '\\'`),
        where(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const page = await pageWithTotal(
    select.selectAll().orderBy('sort').orderBy('id').limit(query.pageSize).offset(pageOffset(query)).execute(),
    select.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  );
  const codes = page.rows.map((row) => row.product_code);
  const ids = page.rows.map((row) => row.id);
  const [settings, recommended] = await Promise.all([
    codes.length === 0
      ? []
      : db.selectFrom('product_trade_setting').selectAll().where('product_code', 'in', codes).execute(),
    ids.length === 0
      ? []
      : db.selectFrom('home_recommend_product').select(['product_id', 'sort']).where('product_id', 'in', ids).execute(),
  ]);
  const settingOf = new Map(settings.map((setting) => [setting.product_code, setting]));
  const recommendOf = new Map(recommended.map((row) => [row.product_id, row.sort]));
  return {
    rows: page.rows.map((product) =>
      productView({
        product,
        setting: settingOf.get(product.product_code),
        recommendSort: recommendOf.get(product.id) ?? null,
      }),
    ),
    total: page.total,
  };
}

/**
 * Visibility, display order, lock and home recommendation of one product. The price scale, contract
 * size and every other term a fill depends on are not editable here.
 */
export async function saveProduct(
  db: Kysely<Database>,
  actor: SettingActor,
  input: ProductSave,
): Promise<OperatorProduct> {
  return auditedChange(db, actor, { action: 'product.save', targetType: 'product' }, async (transaction) => {
    const before = await loadProduct(transaction, { id: input.id });
    if (!before) refuse('error.setting_not_found');
    await transaction
      .updateTable('product')
      .set({ is_visible: input.isVisible, sort: input.sort, is_lock: input.isLock })
      .where('id', '=', input.id)
      .execute();
    await transaction.deleteFrom('home_recommend_product').where('product_id', '=', input.id).execute();
    if (input.recommended === 1) {
      await transaction
        .insertInto('home_recommend_product')
        .values({ product_id: input.id, sort: input.recommendSort })
        .execute();
    }
    const after = await loadProduct(transaction, { id: input.id });
    if (!after) throw new Error(`product ${input.id} vanished inside its own save`);
    const result = productView(after);
    return { targetId: input.id, before: productView(before), after: result, result };
  });
}
