/**
 * The spot form's preview with the server's math (@kestrel/domain spotBuyQuote / spotSellQuote):
 * cost = quantity x price x contractSize rounded up, the buy fee on top rounded up; a sale yields
 * quantity x price rounded down, less the sell fee. Estimates at the price shown; the server fills at
 * its tick.
 */
import type { contracts } from '@kestrel/contract/web';

type ProductTradeSetting = contracts.ProductTradeSetting;
import {
  formatDecimal,
  notionalOf,
  spotBuyQuote,
  spotSellQuote,
  type SpotBuyQuote,
  type SpotSellQuote,
} from '@kestrel/domain';
import { fractionAsPercent, parseScaled, parseTyped, plainDecimal, unitsAt } from '../../../shared/trading/decimals';
import { scalesOf, usableBalance } from './contract-order';

export interface SpotProblem {
  key:
    | 'trading.quantity_invalid'
    | 'trading.quantity_precision'
    | 'trading.quantity_below_min'
    | 'trading.quantity_above_max'
    | 'trading.insufficient_balance'
    | 'trading.over_balance_share'
    | 'trading.no_price'
    | 'trading.fee_not_configured';
  params?: Record<string, string | number>;
}

export type SpotPreview =
  | { state: 'empty' }
  | { state: 'invalid'; problem: SpotProblem; quote: SpotBuyQuote | null }
  | { state: 'valid'; quote: SpotBuyQuote; quantity: bigint };

export function previewSpotBuy(input: {
  quantity: string;
  price: string | null | undefined;
  setting: ProductTradeSetting;
  available: string | null | undefined;
  moneyScale: number;
}): SpotPreview {
  const { setting, moneyScale } = input;
  const typed = parseTyped(input.quantity, setting.quantityScale);
  if (typed.state === 'empty') return { state: 'empty' };
  if (typed.state === 'invalid') {
    return typed.reason === 'precision'
      ? {
          state: 'invalid',
          problem: { key: 'trading.quantity_precision', params: { decimals: setting.quantityScale } },
          quote: null,
        }
      : { state: 'invalid', problem: { key: 'trading.quantity_invalid' }, quote: null };
  }
  const price = unitsAt(input.price, setting.priceScale, 'down');
  if (price === null || price <= 0n) return { state: 'invalid', problem: { key: 'trading.no_price' }, quote: null };
  const rate = parseScaled(setting.spotBuyFeeRate);
  if (!rate) return { state: 'invalid', problem: { key: 'trading.fee_not_configured' }, quote: null };
  const quote = spotBuyQuote(price, typed.units, scalesOf(setting, moneyScale), rate);
  const minQuantity = unitsAt(setting.minQuantity, setting.quantityScale, 'up');
  const maxQuantity = unitsAt(setting.maxQuantity, setting.quantityScale, 'down');
  const invalid = (problem: SpotProblem): SpotPreview => ({ state: 'invalid', problem, quote });
  if (minQuantity !== null && typed.units < minQuantity) {
    return invalid({ key: 'trading.quantity_below_min', params: { min: setting.minQuantity } });
  }
  if (maxQuantity !== null && maxQuantity > 0n && typed.units > maxQuantity) {
    return invalid({ key: 'trading.quantity_above_max', params: { max: setting.maxQuantity } });
  }
  const available = unitsAt(input.available, moneyScale, 'down');
  if (available !== null) {
    if (quote.total > available) return invalid({ key: 'trading.insufficient_balance' });
    if (quote.total > usableBalance(available, setting.maxBalanceShare)) {
      return invalid({
        key: 'trading.over_balance_share',
        params: { percent: fractionAsPercent(setting.maxBalanceShare) ?? setting.maxBalanceShare },
      });
    }
  }
  return { state: 'valid', quote, quantity: typed.units };
}

/**
 * The quantity a 25/50/75/100% shortcut fills in: the largest quantity whose cost plus fee fits in
 * that share of the available balance (and the product's balance share), at the price shown.
 */
export function spotShortcutQuantity(options: {
  percent: 25 | 50 | 75 | 100;
  price: string | null | undefined;
  setting: ProductTradeSetting;
  available: string | null | undefined;
  moneyScale: number;
}): string | null {
  const { setting, moneyScale } = options;
  const available = unitsAt(options.available, moneyScale, 'down');
  const price = unitsAt(options.price, setting.priceScale, 'down');
  const rate = parseScaled(setting.spotBuyFeeRate);
  if (available === null || available <= 0n || price === null || price <= 0n || !rate) return null;
  const share = (available * BigInt(options.percent)) / 100n;
  const cap = usableBalance(available, setting.maxBalanceShare);
  const budget = share < cap ? share : cap;
  const scales = scalesOf(setting, moneyScale);
  // cost x (1 + rate) <= budget: start from the exact bound, then step down past the roundings (at most
  // a few units: each rounding adds less than one unit of money).
  const one = 10n ** BigInt(rate.scale);
  const perUnit = price * scales.contractSize.units; // at priceScale + contract size scale, per quantity unit
  const exactScale = setting.priceScale + scales.contractSize.scale + setting.quantityScale;
  const numerator = budget * one * 10n ** BigInt(exactScale);
  const denominator = perUnit * (one + rate.units) * 10n ** BigInt(moneyScale);
  let quantity = numerator / denominator;
  for (let step = 0; step < 8 && quantity > 0n; step += 1) {
    if (spotBuyQuote(price, quantity, scales, rate).total <= budget) break;
    quantity -= 1n;
  }
  const maxQuantity = unitsAt(setting.maxQuantity, setting.quantityScale, 'down');
  if (maxQuantity !== null && maxQuantity > 0n && quantity > maxQuantity) quantity = maxQuantity;
  return quantity > 0n ? plainDecimal(quantity, setting.quantityScale) : null;
}

/** What selling one held order would yield at the price shown; null without a price or a fee rate. */
export function previewSpotSell(options: {
  quantity: string;
  price: string | null | undefined;
  setting: ProductTradeSetting;
  moneyScale: number;
}): SpotSellQuote | null {
  const { setting } = options;
  const quantity = unitsAt(options.quantity, setting.quantityScale, 'down');
  const price = unitsAt(options.price, setting.priceScale, 'down');
  const rate = parseScaled(setting.spotSellFeeRate);
  if (quantity === null || quantity <= 0n || price === null || price <= 0n || !rate) return null;
  return spotSellQuote(price, quantity, scalesOf(setting, options.moneyScale), rate);
}

/**
 * A held order valued at the live price, as the server values it: marketValue = quantity x price
 * rounded down, floating PnL = marketValue - (buyAmount + buyFee). Null without a price.
 */
export function liveSpotValue(options: {
  orderNum: string;
  buyAmount: string;
  buyFee: string;
  price: string | null | undefined;
  setting: ProductTradeSetting;
  moneyScale: number;
}): { marketValue: string; profitAndLose: string } | null {
  const { setting, moneyScale } = options;
  const quantity = unitsAt(options.orderNum, setting.quantityScale, 'down');
  const price = unitsAt(options.price, setting.priceScale, 'down');
  const cost = unitsAt(options.buyAmount, moneyScale, 'up');
  const fee = unitsAt(options.buyFee, moneyScale, 'up');
  if (quantity === null || price === null || price <= 0n || cost === null || fee === null) return null;
  const value = notionalOf(price, quantity, scalesOf(setting, moneyScale), 'down');
  return {
    marketValue: formatDecimal(value, moneyScale),
    profitAndLose: formatDecimal(value - cost - fee, moneyScale),
  };
}
