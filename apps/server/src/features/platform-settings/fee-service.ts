import type { Kysely, Selectable } from 'kysely';
import { operatorSettings } from '@kestrel/contract';
import { classifyFeeRemark } from '@kestrel/domain';
import type { z } from 'zod';
import type { Database, OrderFeeSettingTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { auditedChange, type SettingActor } from './audited-change';
import { checkedDecimal } from './setting-rules';

type FeeSettingView = z.output<typeof operatorSettings.operatorFeeSetting>;

export function feeSettingView(row: Selectable<OrderFeeSettingTable>): FeeSettingView {
  const key = classifyFeeRemark(row.remark);
  return {
    id: row.id,
    remark: row.remark,
    feeRate: row.fee_rate,
    productType: key?.productType ?? null,
    positionType: key?.positionType ?? null,
    exchangeType: key?.exchangeType ?? null,
  };
}

export async function listFeeSettings(db: Kysely<Database>): Promise<FeeSettingView[]> {
  const rows = await db.selectFrom('order_fee_setting').selectAll().orderBy('id').execute();
  return rows.map(feeSettingView);
}

/**
 * One fee rate: a fraction from 0 to FEE_RATE_MAX with at most FEE_RATE_DECIMALS_MAX decimals. The
 * remark (what the row classifies to) is not editable: a typo there would unprice a market.
 */
export async function saveFeeSetting(
  db: Kysely<Database>,
  actor: SettingActor,
  input: { id: number; feeRate: string },
): Promise<FeeSettingView> {
  const feeRate = checkedDecimal('feeRate', input.feeRate, {
    decimals: operatorSettings.FEE_RATE_DECIMALS_MAX,
    min: '0',
    max: operatorSettings.FEE_RATE_MAX,
  });
  return auditedChange(
    db,
    actor,
    { action: 'fee_setting.save', targetType: 'order_fee_setting' },
    async (transaction) => {
      const before = await transaction
        .selectFrom('order_fee_setting')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!before) refuse('error.setting_not_found');
      await transaction
        .updateTable('order_fee_setting')
        .set({ fee_rate: feeRate })
        .where('id', '=', input.id)
        .execute();
      const result = feeSettingView({ ...before, fee_rate: feeRate });
      return { targetId: input.id, before: feeSettingView(before), after: result, result };
    },
  );
}
