import type { Kysely, Selectable } from 'kysely';
import type { operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { Database, OtherValueTable, SwitchSettingTable } from '../../db/schema';
import { refuse } from '../../core/errors';
import { auditedChange, type SettingActor } from './audited-change';
import { checkedOtherValue, otherValueRule, ruleRange } from './other-value-rules';

type SwitchView = z.output<typeof operatorSettings.operatorSwitch>;
type OtherValueView = z.output<typeof operatorSettings.operatorOtherValue>;

function switchView(row: Selectable<SwitchSettingTable>): SwitchView {
  return {
    id: row.id,
    switchName: row.switch_name,
    switchKey: row.switch_key,
    status: row.status === 1 ? 1 : 0,
    remark: row.remark,
  };
}

export async function listSwitches(db: Kysely<Database>): Promise<SwitchView[]> {
  const rows = await db.selectFrom('switch_setting').selectAll().orderBy('id').execute();
  return rows.map(switchView);
}

/** Turns one switch on or off; core/switches.ts and the launch call read it on every request. */
export async function setSwitch(
  db: Kysely<Database>,
  actor: SettingActor,
  input: { switchKey: string; status: 0 | 1 | number },
): Promise<SwitchView> {
  return auditedChange(db, actor, { action: 'switch.set', targetType: 'switch_setting' }, async (transaction) => {
    const before = await transaction
      .selectFrom('switch_setting')
      .selectAll()
      .where('switch_key', '=', input.switchKey)
      .executeTakeFirst();
    if (!before) refuse('error.setting_not_found');
    await transaction.updateTable('switch_setting').set({ status: input.status }).where('id', '=', before.id).execute();
    const result = switchView({ ...before, status: input.status });
    return { targetId: input.switchKey, before: switchView(before), after: result, result };
  });
}

function otherValueView(row: Selectable<OtherValueTable>): OtherValueView {
  const rule = otherValueRule(row.setting_key);
  return { key: row.setting_key, value: row.setting_value, kind: rule.kind, range: ruleRange(rule) };
}

export async function listOtherValues(db: Kysely<Database>): Promise<OtherValueView[]> {
  const rows = await db.selectFrom('other_value').selectAll().orderBy('setting_key').execute();
  return rows.map(otherValueView);
}

/** Saves one existing otherValue, checked against what it holds (other-value-rules.ts). */
export async function saveOtherValue(
  db: Kysely<Database>,
  actor: SettingActor,
  input: { key: string; value: string },
): Promise<OtherValueView> {
  const rule = otherValueRule(input.key);
  return auditedChange(db, actor, { action: 'other_value.save', targetType: 'other_value' }, async (transaction) => {
    const before = await transaction
      .selectFrom('other_value')
      .selectAll()
      .where('setting_key', '=', input.key)
      .executeTakeFirst();
    if (!before) refuse('error.setting_not_found');
    const value = checkedOtherValue(rule, input.value);
    if (rule.kind === 'currency') {
      const currency = await transaction
        .selectFrom('platform_currency')
        .select('id')
        .where('id', '=', Number(value))
        .where('is_visible', '=', 1)
        .executeTakeFirst();
      if (!currency) refuse('error.setting_value_invalid', { field: 'value' });
    }
    await transaction
      .updateTable('other_value')
      .set({ setting_value: value })
      .where('setting_key', '=', input.key)
      .execute();
    const result = otherValueView({ setting_key: input.key, setting_value: value });
    return { targetId: input.key, before: otherValueView(before), after: result, result };
  });
}
