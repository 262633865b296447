import type { Selectable } from 'kysely';
import type { operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { ProductTradeSettingTable } from '../../db/schema-trading';
import { refuse } from '../../core/errors';
import { checkedDecimal, checkMinNotAboveMax } from './setting-rules';

type TradeSettingView = z.output<typeof operatorSettings.operatorTradeSetting>;
type TradeSettingSave = z.output<typeof operatorSettings.operatorTradeSettingSave.body>;
type TradingWindow = z.output<typeof operatorSettings.tradingWindow>;

/** The bounds the trading feature accepts (features/trading/trade-settings.ts parses the same columns). */
export const LEVERAGE_MAX = 1000;
const LEVERAGES_MAX = 64;
const SHARE_DECIMALS = 8;
const RATIO_DECIMALS = 4;

/** Trading windows as stored: '' or JSON `[{weekday, from, to}]`; a malformed column reads as none. */
function windowsOf(text: string): TradingWindow[] {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as TradingWindow[]) : [];
  } catch {
    return [];
  }
}

export function tradeSettingView(row: Selectable<ProductTradeSettingTable>): TradeSettingView {
  return {
    leverList: row.lever_list,
    minQuantity: row.min_quantity,
    maxQuantity: row.max_quantity,
    minMargin: row.min_margin,
    maxMargin: row.max_margin,
    maxBalanceShare: row.max_balance_share,
    minHoldSeconds: row.min_hold_seconds,
    tradingWindows: windowsOf(row.trading_windows),
    liquidationMethod: row.liquidation_method,
    liquidationRatio: row.liquidation_ratio,
  };
}

/** "10/1/5/5" -> "1/5/10": whole leverages from 1 to 1000, distinct, ascending. */
export function checkedLeverList(text: string): string {
  const parts = text.split('/').map((part) => part.trim());
  if (parts.length > LEVERAGES_MAX || parts.some((part) => !/^\d{1,4}$/.test(part))) {
    refuse('error.setting_value_invalid', { field: 'leverList' });
  }
  const levers = [...new Set(parts.map(Number))].sort((left, right) => left - right);
  if (levers[0]! < 1 || levers[levers.length - 1]! > LEVERAGE_MAX) {
    refuse('error.setting_out_of_range', { field: 'leverList', min: 1, max: LEVERAGE_MAX });
  }
  return levers.join('/');
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Windows as stored; each must end after it starts (the schema has checked the times' shape). */
export function checkedWindows(windows: readonly TradingWindow[]): string {
  for (const [index, window] of windows.entries()) {
    if (minutesOf(window.to) <= minutesOf(window.from)) {
      refuse('error.setting_value_invalid', { field: `tradingWindows.${index}` });
    }
  }
  return windows.length === 0
    ? ''
    : JSON.stringify(windows.map((window) => ({ weekday: window.weekday, from: window.from, to: window.to })));
}

/**
 * The columns to store for a save, each checked: quantities at the product's scale, margins at the
 * trade currency's, the balance share above 0 and at most 1, the liquidation ratio from 0.1 to 1.
 */
export function checkedTradeSetting(
  input: TradeSettingSave,
  scales: { quantity: number; money: number },
): Omit<Selectable<ProductTradeSettingTable>, 'product_code' | 'updated_at'> {
  const quantity = { decimals: scales.quantity, positive: true };
  const money = { decimals: scales.money, positive: true };
  const minQuantity = checkedDecimal('minQuantity', input.minQuantity, quantity);
  const maxQuantity = checkedDecimal('maxQuantity', input.maxQuantity, quantity);
  checkMinNotAboveMax('minQuantity', minQuantity, maxQuantity);
  const minMargin = checkedDecimal('minMargin', input.minMargin, money);
  const maxMargin = checkedDecimal('maxMargin', input.maxMargin, money);
  checkMinNotAboveMax('minMargin', minMargin, maxMargin);
  return {
    lever_list: checkedLeverList(input.leverList),
    min_quantity: minQuantity,
    max_quantity: maxQuantity,
    min_margin: minMargin,
    max_margin: maxMargin,
    max_balance_share: checkedDecimal('maxBalanceShare', input.maxBalanceShare, {
      decimals: SHARE_DECIMALS,
      positive: true,
      max: '1',
    }),
    min_hold_seconds: input.minHoldSeconds,
    trading_windows: checkedWindows(input.tradingWindows),
    liquidation_method: input.liquidationMethod,
    liquidation_ratio: checkedDecimal('liquidationRatio', input.liquidationRatio, {
      decimals: RATIO_DECIMALS,
      min: '0.1',
      max: '1',
    }),
  };
}
