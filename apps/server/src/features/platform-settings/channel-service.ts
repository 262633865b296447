import type { Kysely, Selectable } from 'kysely';
import type { operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { Database, RechargeChannelConfigTable, WithdrawChannelConfigTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { auditedChange, type SettingActor } from './audited-change';
import { checkedRechargeChannel, checkedWithdrawChannel, type ChannelCurrency } from './channel-rules';

type RechargeView = z.output<typeof operatorSettings.operatorRechargeChannel>;
type RechargeSave = z.output<typeof operatorSettings.operatorRechargeChannelSave.body>;
type WithdrawView = z.output<typeof operatorSettings.operatorWithdrawChannel>;
type WithdrawSave = z.output<typeof operatorSettings.operatorWithdrawChannelSave.body>;

interface CurrencyRow extends ChannelCurrency {
  name: string;
}

async function currencies(db: Kysely<Database>): Promise<Map<number, CurrencyRow>> {
  const rows = await db
    .selectFrom('platform_currency')
    .select(['id', 'currency_name', 'scale', 'wallet_address_type'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.currency_name, scale: row.scale, walletAddressType: row.wallet_address_type },
    ]),
  );
}

function currencyOf(all: Map<number, CurrencyRow>, id: number): CurrencyRow {
  const currency = all.get(id);
  if (!currency) throw new Error(`channel currency ${id} is not a platform currency`);
  return currency;
}

function rechargeView(row: Selectable<RechargeChannelConfigTable>, currency: CurrencyRow): RechargeView {
  return {
    id: row.id,
    channelName: row.channel_name,
    channelType: row.channel_type,
    currencyId: row.currency_id,
    currencyName: currency.name,
    network: row.network,
    payeeAddress: row.payee_address,
    minAmount: row.min_amount,
    maxAmount: row.max_amount,
    instructions: row.instructions,
    demoOnly: row.demo_only === 1 ? 1 : 0,
    isVisible: row.is_visible === 1 ? 1 : 0,
    sort: row.sort,
  };
}

function withdrawView(row: Selectable<WithdrawChannelConfigTable>, currency: CurrencyRow): WithdrawView {
  return {
    id: row.id,
    channelName: row.channel_name,
    channelType: row.channel_type,
    currencyId: row.currency_id,
    currencyName: currency.name,
    minAmount: row.min_amount,
    maxAmount: row.max_amount,
    feeRate: row.fee_rate,
    feeFixed: row.fee_fixed,
    dailyCount: row.daily_count,
    openHours: row.open_hours,
    isVisible: row.is_visible === 1 ? 1 : 0,
    sort: row.sort,
  };
}

export async function listRechargeChannels(db: Kysely<Database>): Promise<RechargeView[]> {
  const [rows, all] = await Promise.all([
    db.selectFrom('recharge_channel_config').selectAll().orderBy('sort').orderBy('id').execute(),
    currencies(db),
  ]);
  return rows.map((row) => rechargeView(row, currencyOf(all, row.currency_id)));
}

/**
 * Publishes a deposit channel's payee, bounds, instructions, visibility and order (channel-rules.ts).
 * Its name, type, currency and whether it is demo-only are fixed: a real channel never becomes a demo one.
 */
export async function saveRechargeChannel(
  db: Kysely<Database>,
  actor: SettingActor,
  input: RechargeSave,
): Promise<RechargeView> {
  const all = await currencies(db);
  return auditedChange(
    db,
    actor,
    { action: 'recharge_channel.save', targetType: 'recharge_channel_config' },
    async (transaction) => {
      const before = await transaction
        .selectFrom('recharge_channel_config')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!before) refuse('error.setting_not_found');
      const currency = currencyOf(all, before.currency_id);
      const changes = checkedRechargeChannel(input, before.channel_type, currency);
      await transaction.updateTable('recharge_channel_config').set(changes).where('id', '=', input.id).execute();
      const result = rechargeView({ ...before, ...changes }, currency);
      return { targetId: input.id, before: rechargeView(before, currency), after: result, result };
    },
  );
}

export async function listWithdrawChannels(db: Kysely<Database>): Promise<WithdrawView[]> {
  const [rows, all] = await Promise.all([
    db.selectFrom('withdraw_channel_config').selectAll().orderBy('sort').orderBy('id').execute(),
    currencies(db),
  ]);
  return rows.map((row) => withdrawView(row, currencyOf(all, row.currency_id)));
}

/** A withdrawal channel's bounds, fees, daily count, hours, visibility and order; its name, type and currency are fixed. */
export async function saveWithdrawChannel(
  db: Kysely<Database>,
  actor: SettingActor,
  input: WithdrawSave,
): Promise<WithdrawView> {
  const all = await currencies(db);
  return auditedChange(
    db,
    actor,
    { action: 'withdraw_channel.save', targetType: 'withdraw_channel_config' },
    async (transaction) => {
      const before = await transaction
        .selectFrom('withdraw_channel_config')
        .selectAll()
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!before) refuse('error.setting_not_found');
      const currency = currencyOf(all, before.currency_id);
      const changes = checkedWithdrawChannel(input, currency);
      await transaction.updateTable('withdraw_channel_config').set(changes).where('id', '=', input.id).execute();
      const result = withdrawView({ ...before, ...changes }, currency);
      return { targetId: input.id, before: withdrawView(before, currency), after: result, result };
    },
  );
}
