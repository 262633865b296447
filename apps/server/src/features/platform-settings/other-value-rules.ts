import type { operatorSettings } from '@kestrel/contract';
import {
  HOME_LAYOUT_NAMES,
  HOME_LAYOUT_SETTING,
  identity,
  ME_LAYOUT_NAMES,
  ME_LAYOUT_SETTING,
} from '@kestrel/contract';
import { refuse } from '../../core/errors';
import { checkedDecimal, checkPlainText } from './setting-rules';

type OtherValueKind = (typeof operatorSettings.OTHER_VALUE_KINDS)[number];

export interface OtherValueRule {
  kind: OtherValueKind;
  /** Inclusive bounds of a count. */
  min?: number;
  max?: number;
  /** The only values a text may hold (a layout name); the console lists them as its range. */
  choices?: readonly string[];
}

/**
 * What each otherValue of SPEC §3 holds. A key not listed here (one an operator's database already
 * has) is plain text. The flags are the app's display switches (1 on, 0 off).
 */
export const OTHER_VALUE_RULES: Readonly<Record<string, OtherValueRule>> = {
  default_trade_currency_id: { kind: 'currency' },
  default_transId: { kind: 'currency' },
  app_decimal_no: { kind: 'count', min: 0, max: 8 },
  app_adress_num: { kind: 'count', min: 1, max: 20 },
  app_logo_type: { kind: 'count', min: 0, max: 9 },
  scoreTips: { kind: 'flag' },
  showMsgTime: { kind: 'flag' },
  app_order_time: { kind: 'flag' },
  app_fast_fee: { kind: 'flag' },
  app_order_change: { kind: 'flag' },
  app_fastFree: { kind: 'flag' },
  app_withdrawAll: { kind: 'flag' },
  app_showFreeze: { kind: 'flag' },
  [identity.IDENTITY_WITHDRAWAL_LIMIT_KEY]: { kind: 'decimal' },
  /** Which layout the app's Home and Me tabs open (the names are the contract's, shared with the app). */
  [HOME_LAYOUT_SETTING]: { kind: 'text', choices: HOME_LAYOUT_NAMES },
  [ME_LAYOUT_SETTING]: { kind: 'text', choices: ME_LAYOUT_NAMES },
};

const TEXT_RULE: OtherValueRule = { kind: 'text' };
const DECIMAL_SCALE = 8;

export function otherValueRule(key: string): OtherValueRule {
  return OTHER_VALUE_RULES[key] ?? TEXT_RULE;
}

/** "0-8" for a count, the choices of a text that has them ("home-d, home, ..."), '' otherwise: what the list shows beside the value. */
export function ruleRange(rule: OtherValueRule): string {
  if (rule.kind === 'count') return `${rule.min}-${rule.max}`;
  return rule.choices ? rule.choices.join(', ') : '';
}

/**
 * The value to store, checked against its rule, or a refusal naming `value`. A currency is checked
 * against the platform currencies by the caller (`currencyExists`), which needs the database.
 */
export function checkedOtherValue(rule: OtherValueRule, value: string): string {
  const field = 'value';
  switch (rule.kind) {
    case 'flag':
      if (value !== '0' && value !== '1') refuse('error.setting_value_invalid', { field });
      return value;
    case 'count': {
      if (!/^\d{1,6}$/.test(value)) refuse('error.setting_value_invalid', { field });
      const count = Number(value);
      if (count < rule.min! || count > rule.max!)
        refuse('error.setting_out_of_range', { field, min: rule.min!, max: rule.max! });
      return String(count);
    }
    case 'currency':
      if (!/^[1-9]\d{0,8}$/.test(value)) refuse('error.setting_value_invalid', { field });
      return value;
    case 'decimal':
      if (!/^\d{1,18}(\.\d{1,18})?$/.test(value)) refuse('error.setting_value_invalid', { field });
      return checkedDecimal(field, value, { decimals: DECIMAL_SCALE, min: '0' });
    case 'text':
      if (rule.choices && !rule.choices.includes(value)) refuse('error.setting_value_invalid', { field });
      return checkPlainText(field, value);
  }
}
