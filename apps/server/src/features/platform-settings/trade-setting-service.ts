import type { Kysely } from 'kysely';
import type { operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { tradeCurrency } from '../ledger/trade-currency';
import { auditedChange, type SettingActor } from './audited-change';
import { loadProduct, productView } from './product-service';
import { checkedTradeSetting } from './trade-setting-rules';

type TradeSettingSave = z.output<typeof operatorSettings.operatorTradeSettingSave.body>;

/**
 * Saves one product's trade settings. Positions record the terms they opened with (leverage,
 * liquidation method and ratio), so a change applies to orders placed from then on.
 */
export async function saveTradeSetting(
  db: Kysely<Database>,
  actor: SettingActor,
  input: TradeSettingSave,
): Promise<operatorSettings.OperatorProduct> {
  const currency = await tradeCurrency(db);
  return auditedChange(
    db,
    actor,
    { action: 'product.trade_settings.save', targetType: 'product_trade_setting' },
    async (transaction) => {
      const before = await loadProduct(transaction, { productCode: input.productCode });
      if (!before) refuse('error.setting_not_found');
      const columns = checkedTradeSetting(input, { quantity: before.product.quantity_scale, money: currency.scale });
      if (before.setting) {
        await transaction
          .updateTable('product_trade_setting')
          .set({ ...columns, updated_at: actor.now })
          .where('product_code', '=', input.productCode)
          .execute();
      } else {
        await transaction
          .insertInto('product_trade_setting')
          .values({ ...columns, product_code: input.productCode, updated_at: actor.now })
          .execute();
      }
      const after = await loadProduct(transaction, { productCode: input.productCode });
      if (!after) throw new Error(`product ${input.productCode} vanished inside its own save`);
      const result = productView(after);
      return {
        targetId: input.productCode,
        before: before.setting ? productView(before).tradeSetting : undefined,
        after: result.tradeSetting,
        result,
      };
    },
  );
}
