import type { Kysely, Selectable } from 'kysely';
import type { LiquidationMethod } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import type { ProductTradeSettingTable } from '../../db/schema-trading';
import { parseConfigDecimal, type ScaledDecimal } from '../../core/config-decimal';

/** The largest leverage a setting may list; a larger one is a configuration fault. */
export const LEVERAGE_MAX = 1000;
/** Windows one product may configure (7 days x a few sessions each). */
export const TRADING_WINDOWS_MAX = 64;
const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = 86_400_000;

/** One trading window in UTC: minutes of the day, from inclusive, to exclusive. */
export interface TradingWindow {
  weekday: number;
  fromMinute: number;
  toMinute: number;
}

/** A product's trade settings, parsed. A malformed row throws: an operator's fault, not the customer's. */
export interface TradeSettings {
  productCode: string;
  leverList: string;
  levers: number[];
  minQuantity: ScaledDecimal;
  maxQuantity: ScaledDecimal;
  minMargin: ScaledDecimal;
  maxMargin: ScaledDecimal;
  maxBalanceShare: ScaledDecimal;
  minHoldSeconds: number;
  /** Empty: follow the market session only. */
  windows: TradingWindow[];
  liquidationMethod: LiquidationMethod;
  liquidationRatio: ScaledDecimal;
}

export class TradeSettingsError extends Error {
  override readonly name = 'TradeSettingsError';
}

/** "1/2/5/10" -> [1, 2, 5, 10] (sorted, distinct). */
export function parseLeverList(text: string): number[] {
  const parts = text
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length === 0 || parts.length > 64) throw new TradeSettingsError(`bad leverage list "${text}"`);
  const levers = parts.map((part) => {
    if (!/^\d{1,4}$/.test(part)) throw new TradeSettingsError(`bad leverage "${part}"`);
    const lever = Number(part);
    if (lever < 1 || lever > LEVERAGE_MAX) throw new TradeSettingsError(`leverage ${lever} out of range`);
    return lever;
  });
  return [...new Set(levers)].sort((left, right) => left - right);
}

function parseTimeOfDay(text: unknown): number {
  const match = typeof text === 'string' ? /^(\d{2}):(\d{2})$/.exec(text) : null;
  if (!match) throw new TradeSettingsError(`bad time of day ${JSON.stringify(text)}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > MINUTES_PER_DAY) throw new TradeSettingsError(`bad time of day ${text}`);
  return minutes;
}

/** '' -> [] (follow the session); otherwise JSON `[{ weekday, from: "HH:MM", to: "HH:MM" }]`, UTC. */
export function parseTradingWindows(text: string): TradingWindow[] {
  if (text.trim() === '') return [];
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || parsed.length > TRADING_WINDOWS_MAX) {
    throw new TradeSettingsError('trading windows must be a list of at most 64 windows');
  }
  return parsed.map((entry: unknown) => {
    const window = entry as { weekday?: unknown; from?: unknown; to?: unknown };
    const weekday = window.weekday;
    if (typeof weekday !== 'number' || !Number.isInteger(weekday) || weekday < 0 || weekday > 6) {
      throw new TradeSettingsError(`bad weekday ${JSON.stringify(weekday)}`);
    }
    const fromMinute = parseTimeOfDay(window.from);
    const toMinute = parseTimeOfDay(window.to);
    if (toMinute <= fromMinute) throw new TradeSettingsError('a window ends after it starts');
    return { weekday, fromMinute, toMinute };
  });
}

export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether `timeMs` falls in one of the windows (always true when none are configured). */
export function withinTradingWindows(windows: readonly TradingWindow[], timeMs: number): boolean {
  if (windows.length === 0) return true;
  // 1970-01-01 was a Thursday (weekday 4).
  const weekday = (((Math.floor(timeMs / DAY_MS) + 4) % 7) + 7) % 7;
  const minute = Math.floor((((timeMs % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return windows.some(
    (window) => window.weekday === weekday && minute >= window.fromMinute && minute < window.toMinute,
  );
}

const LIQUIDATION_METHODS: readonly number[] = [1, 2, 3];

export function parseTradeSettings(row: Selectable<ProductTradeSettingTable>): TradeSettings {
  if (!LIQUIDATION_METHODS.includes(row.liquidation_method)) {
    throw new TradeSettingsError(`bad liquidation method ${row.liquidation_method}`);
  }
  const liquidationRatio = parseConfigDecimal(row.liquidation_ratio);
  const maxBalanceShare = parseConfigDecimal(row.max_balance_share);
  if (liquidationRatio.units <= 0n) throw new TradeSettingsError('the liquidation ratio must be positive');
  if (maxBalanceShare.units <= 0n) throw new TradeSettingsError('the balance share must be positive');
  return {
    productCode: row.product_code,
    leverList: row.lever_list,
    levers: parseLeverList(row.lever_list),
    minQuantity: parseConfigDecimal(row.min_quantity),
    maxQuantity: parseConfigDecimal(row.max_quantity),
    minMargin: parseConfigDecimal(row.min_margin),
    maxMargin: parseConfigDecimal(row.max_margin),
    maxBalanceShare,
    minHoldSeconds: row.min_hold_seconds,
    windows: parseTradingWindows(row.trading_windows),
    liquidationMethod: row.liquidation_method as LiquidationMethod,
    liquidationRatio,
  };
}

export async function readTradeSettings(db: Kysely<Database>, productCode: string): Promise<TradeSettings | undefined> {
  const row = await db
    .selectFrom('product_trade_setting')
    .selectAll()
    .where('product_code', '=', productCode)
    .executeTakeFirst();
  return row ? parseTradeSettings(row) : undefined;
}
