/**
 * The contract form's preview: from what the customer typed to the figures the server will book,
 * with the server's own math (@kestrel/domain contract-math) and rounding. The live price moves, so
 * every figure is an estimate at the price shown; the server decides at the tick it fills on.
 *
 *   requested notional = amount (by value) or amount x leverage (by margin)
 *   quantity  = notional / (price x contractSize), rounded down to the quantity scale
 *   notional  = price x quantity x contractSize (what actually opens)
 *   margin    = notional / leverage, rounded up
 *   fee       = notional x opening fee rate, rounded up, on top of the margin
 *   liquidation price from the product's method and ratio (method 1 uses the balance left after opening)
 */
import type { contracts } from '@kestrel/contract/web';

type ProductTradeSetting = contracts.ProductTradeSetting;
import {
  divide,
  lossLimit,
  liquidationPrice,
  marginFor,
  notionalOf,
  openingFee,
  quantityForNotional,
  type ContractDirection,
  type LiquidationMethod,
  type ProductScales,
} from '@kestrel/domain';
import {
  fractionAsPercent,
  parseScaled,
  plainDecimal,
  parseTyped,
  unitsAt,
  type Scaled,
} from '../../../shared/trading/decimals';
import { typedAmountProblem } from './amount-problem';

export type AmountMode = 'margin' | 'notional';

/** A problem with the amount, as a language key and its parameters (display only). */
export interface AmountProblem {
  key:
    | 'trading.amount_invalid'
    | 'trading.amount_precision'
    | 'trading.quantity_too_small'
    | 'trading.quantity_below_min'
    | 'trading.quantity_above_max'
    | 'trading.margin_below_min'
    | 'trading.margin_above_max'
    | 'trading.over_balance_share'
    | 'trading.insufficient_balance'
    | 'trading.no_price'
    | 'trading.fee_not_configured';
  params?: Record<string, string | number>;
}

export interface ContractQuote {
  quantity: bigint;
  notional: bigint;
  margin: bigint;
  fee: bigint;
  /** margin + fee: what leaves the available balance. */
  total: bigint;
  /** At the price scale; null for method 3 or when the loss can never reach the limit. */
  liquidationPrice: bigint | null;
}

export interface ContractOrderInput {
  direction: ContractDirection;
  mode: AmountMode;
  amount: string;
  leverage: number;
  price: string | null | undefined;
  setting: ProductTradeSetting;
  /** The available balance of the trade currency, or null when unknown (logged out, loading). */
  available: string | null | undefined;
  moneyScale: number;
}

export type ContractPreview =
  | { state: 'empty' }
  | { state: 'invalid'; problem: AmountProblem; quote: ContractQuote | null }
  | { state: 'valid'; quote: ContractQuote };

export function scalesOf(setting: ProductTradeSetting, moneyScale: number): ProductScales {
  const contractSize = parseScaled(setting.contractSize) ?? { units: 1n, scale: 0 };
  return { priceScale: setting.priceScale, quantityScale: setting.quantityScale, contractSize, moneyScale };
}

function liquidationMethodOf(value: number): LiquidationMethod {
  return value === 1 || value === 2 ? value : 3;
}

const ZERO_RATIO: Scaled = { units: 0n, scale: 0 };

/** The quote at `price` for a requested notional; null when nothing at all can be bought. */
export function quoteForNotional(
  requested: bigint,
  input: Pick<ContractOrderInput, 'direction' | 'leverage' | 'setting' | 'moneyScale'>,
  price: bigint,
  feeRate: Scaled,
  available: bigint | null,
): ContractQuote | null {
  const scales = scalesOf(input.setting, input.moneyScale);
  const quantity = quantityForNotional(requested, price, scales);
  if (quantity <= 0n) return null;
  const notional = notionalOf(price, quantity, scales, 'up');
  const margin = marginFor(notional, input.leverage);
  const fee = openingFee(notional, input.moneyScale, feeRate);
  const method = liquidationMethodOf(input.setting.liquidationMethod);
  const ratio = parseScaled(input.setting.liquidationRatio) ?? ZERO_RATIO;
  let level: bigint | null = null;
  if (method !== 3 && ratio.units > 0n) {
    const left = available !== null && available > margin + fee ? available - margin - fee : 0n;
    const limit = lossLimit(method, margin, left, ratio, input.moneyScale);
    level = liquidationPrice(method, input.direction, price, quantity, limit, scales);
  }
  return { quantity, notional, margin, fee, total: margin + fee, liquidationPrice: level };
}

/** Checks and previews the order the form would send. */
export function previewContractOrder(input: ContractOrderInput): ContractPreview {
  const { setting, moneyScale } = input;
  const typed = parseTyped(input.amount, moneyScale);
  if (typed.state === 'empty') return { state: 'empty' };
  if (typed.state === 'invalid') {
    return { state: 'invalid', problem: typedAmountProblem(typed.reason, moneyScale), quote: null };
  }
  const price = unitsAt(input.price, setting.priceScale, 'down');
  if (price === null || price <= 0n) return { state: 'invalid', problem: { key: 'trading.no_price' }, quote: null };
  const feeRate = parseScaled(setting.contractOpenFeeRate);
  if (!feeRate) return { state: 'invalid', problem: { key: 'trading.fee_not_configured' }, quote: null };
  const available = unitsAt(input.available, moneyScale, 'down');
  const requested = input.mode === 'margin' ? typed.units * BigInt(input.leverage) : typed.units;
  const quote = quoteForNotional(requested, input, price, feeRate, available);
  if (!quote) return { state: 'invalid', problem: { key: 'trading.quantity_too_small' }, quote: null };

  const problem = boundsProblem(quote, setting, moneyScale, available);
  return problem ? { state: 'invalid', problem, quote } : { state: 'valid', quote };
}

function boundsProblem(
  quote: ContractQuote,
  setting: ProductTradeSetting,
  moneyScale: number,
  available: bigint | null,
): AmountProblem | null {
  const minQuantity = unitsAt(setting.minQuantity, setting.quantityScale, 'up');
  const maxQuantity = unitsAt(setting.maxQuantity, setting.quantityScale, 'down');
  const minMargin = unitsAt(setting.minMargin, moneyScale, 'up');
  const maxMargin = unitsAt(setting.maxMargin, moneyScale, 'down');
  if (minQuantity !== null && quote.quantity < minQuantity) {
    return { key: 'trading.quantity_below_min', params: { min: setting.minQuantity } };
  }
  if (maxQuantity !== null && maxQuantity > 0n && quote.quantity > maxQuantity) {
    return { key: 'trading.quantity_above_max', params: { max: setting.maxQuantity } };
  }
  if (minMargin !== null && quote.margin < minMargin) {
    return { key: 'trading.margin_below_min', params: { min: setting.minMargin } };
  }
  if (maxMargin !== null && maxMargin > 0n && quote.margin > maxMargin) {
    return { key: 'trading.margin_above_max', params: { max: setting.maxMargin } };
  }
  if (available !== null) {
    if (quote.total > available) return { key: 'trading.insufficient_balance' };
    const share = usableBalance(available, setting.maxBalanceShare);
    if (quote.total > share) {
      return {
        key: 'trading.over_balance_share',
        params: { percent: fractionAsPercent(setting.maxBalanceShare) ?? setting.maxBalanceShare },
      };
    }
  }
  return null;
}

/** available x maxBalanceShare, rounded down: the most one order may use. */
export function usableBalance(available: bigint, maxBalanceShare: string): bigint {
  const share = parseScaled(maxBalanceShare);
  if (!share || share.units <= 0n) return available;
  const usable = (available * share.units) / 10n ** BigInt(share.scale);
  return usable < available ? usable : available;
}

/**
 * The amount a 25/50/75/100% shortcut fills in: that share of the available balance (never more than
 * the product's balance share) is what margin plus opening fee may use, so
 *   margin = budget / (1 + leverage x fee rate), notional = margin x leverage,
 * rounded down to `displayDecimals` so the order always fits.
 */
export function shortcutAmount(options: {
  percent: 25 | 50 | 75 | 100;
  mode: AmountMode;
  available: string | null | undefined;
  leverage: number;
  setting: ProductTradeSetting;
  moneyScale: number;
  displayDecimals: number;
}): string | null {
  const { setting, moneyScale } = options;
  const available = unitsAt(options.available, moneyScale, 'down');
  const feeRate = parseScaled(setting.contractOpenFeeRate);
  if (available === null || available <= 0n || !feeRate) return null;
  const budgetShare = (available * BigInt(options.percent)) / 100n;
  const cap = usableBalance(available, setting.maxBalanceShare);
  const budget = budgetShare < cap ? budgetShare : cap;
  // margin x (1 + leverage x rate) <= budget, with the rate at its own scale.
  const one = 10n ** BigInt(feeRate.scale);
  const margin = divide(
    budget,
    moneyScale,
    one + BigInt(options.leverage) * feeRate.units,
    feeRate.scale,
    moneyScale,
    'down',
  );
  const amount = options.mode === 'margin' ? margin : margin * BigInt(options.leverage);
  const decimals = Math.min(options.displayDecimals, moneyScale);
  const cut = amount / 10n ** BigInt(moneyScale - decimals);
  if (cut <= 0n) return null;
  return plainDecimal(cut, decimals);
}
