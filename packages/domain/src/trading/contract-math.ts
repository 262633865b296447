/**
 * The money of spot orders and leveraged contracts, pure (API-FACTS "Contracts", DESIGN.md §2):
 * notional, quantity, margin, fees, PnL, the liquidation level of methods 1-3, the direction rules of
 * take-profit and stop-loss, and how a close is settled. Every value is bigint fixed-point; every
 * multiply and divide names its rounding: what the customer pays rounds up, what the customer
 * receives rounds down, a signed result (PnL) rounds toward -infinity (a gain down, a loss up).
 *
 * Notional = price x quantity x contractSize (the futures multiplier; 1 for everything else).
 * Prices are at the product's price scale, quantities at its quantity scale, money at the trade
 * currency's scale (USDT, 8).
 */
import { divide, multiply, pow10 } from '../decimal';
import { divideWithRounding, HOUSE_ROUNDING, type Rounding } from '../rounding';

/** A configured decimal (a rate, a ratio, a contract size): units at scale. */
export interface ScaledValue {
  units: bigint;
  scale: number;
}

/** orderDirection of the wire: 0 long, 1 short. */
export type ContractDirection = 'long' | 'short';

/** 1: loss reaches (available + margin) x ratio; 2: loss reaches margin x ratio; 3: never liquidated. */
export type LiquidationMethod = 1 | 2 | 3;

export interface ProductScales {
  priceScale: number;
  quantityScale: number;
  /** Units of the underlying per quantity unit. */
  contractSize: ScaledValue;
  /** Scale of the trade currency (USDT: 8). */
  moneyScale: number;
}

export class ContractMathError extends RangeError {
  override readonly name = 'ContractMathError';
}

function assertPositive(value: bigint, what: string): void {
  if (value <= 0n) throw new ContractMathError(`${what} must be positive, got ${value}`);
}

/** price x quantity x contractSize at the money scale, rounded by `rounding`. */
export function notionalOf(price: bigint, quantity: bigint, scales: ProductScales, rounding: Rounding): bigint {
  const exactScale = scales.priceScale + scales.quantityScale + scales.contractSize.scale;
  const exact = price * quantity * scales.contractSize.units;
  if (scales.moneyScale >= exactScale) return exact * pow10(scales.moneyScale - exactScale);
  return divideWithRounding(exact, pow10(exactScale - scales.moneyScale), rounding);
}

/**
 * The quantity a notional buys at `price`: notional / (price x contractSize), rounded DOWN to the
 * quantity scale, so the position never holds more than was paid for. May be zero (too small).
 */
export function quantityForNotional(notional: bigint, price: bigint, scales: ProductScales): bigint {
  assertPositive(price, 'price');
  assertPositive(scales.contractSize.units, 'contract size');
  if (notional <= 0n) return 0n;
  // quantity = notional/10^m / (price/10^p * cs/10^c) at 10^q: notional * 10^(p+c+q) / (price * cs * 10^m).
  const numerator = notional * pow10(scales.priceScale + scales.contractSize.scale + scales.quantityScale);
  const denominator = price * scales.contractSize.units * pow10(scales.moneyScale);
  return divideWithRounding(numerator, denominator, 'down');
}

/** Margin = notional / leverage, rounded UP (the customer pays it). */
export function marginFor(notional: bigint, leverage: number): bigint {
  if (!Number.isSafeInteger(leverage) || leverage < 1) throw new ContractMathError(`bad leverage ${leverage}`);
  return divideWithRounding(notional, BigInt(leverage), HOUSE_ROUNDING.customerPays);
}

/** The notional a margin supports: margin x leverage (exact). */
export function notionalForMargin(margin: bigint, leverage: number): bigint {
  if (!Number.isSafeInteger(leverage) || leverage < 1) throw new ContractMathError(`bad leverage ${leverage}`);
  return margin * BigInt(leverage);
}

/** amount x rate at the amount's scale, rounded UP: a fee is paid by the customer. */
export function feeOn(amount: bigint, amountScale: number, rate: ScaledValue): bigint {
  if (rate.units < 0n) throw new ContractMathError('a fee rate is never negative');
  return multiply(amount, amountScale, rate.units, rate.scale, amountScale, HOUSE_ROUNDING.customerPays);
}

/** Opening fee of a contract: notional x rate(contract, buy), rounded up. */
export function openingFee(notional: bigint, moneyScale: number, rate: ScaledValue): bigint {
  return feeOn(notional, moneyScale, rate);
}

/** Closing fee of a contract: margin x rate(contract, sell), rounded up (API-FACTS). */
export function closingFee(margin: bigint, moneyScale: number, rate: ScaledValue): bigint {
  return feeOn(margin, moneyScale, rate);
}

/**
 * Floating PnL seen from the customer: long (now - entry) x quantity x contractSize, short the
 * reverse, rounded toward -infinity (a gain rounds down, a loss rounds to the larger loss).
 */
export function profitAndLoss(
  direction: ContractDirection,
  entryPrice: bigint,
  price: bigint,
  quantity: bigint,
  scales: ProductScales,
): bigint {
  const move = direction === 'long' ? price - entryPrice : entryPrice - price;
  const exactScale = scales.priceScale + scales.quantityScale + scales.contractSize.scale;
  const exact = move * quantity * scales.contractSize.units;
  if (scales.moneyScale >= exactScale) return exact * pow10(scales.moneyScale - exactScale);
  return divideWithRounding(exact, pow10(exactScale - scales.moneyScale), HOUSE_ROUNDING.customerSignedResult);
}

/**
 * The loss at which a position is liquidated, and the most any close of it may take (see settleClose):
 * - method 1: (available + margin) x ratio, where available is the balance left after opening;
 * - method 2: margin x ratio;
 * - method 3: the margin (never liquidated, and a loss never takes more than the margin).
 * Rounded DOWN: a smaller limit favours the customer.
 */
export function lossLimit(
  method: LiquidationMethod,
  margin: bigint,
  availableAfterOpen: bigint,
  ratio: ScaledValue,
  moneyScale: number,
): bigint {
  if (ratio.units <= 0n) throw new ContractMathError('a liquidation ratio is positive');
  if (margin < 0n || availableAfterOpen < 0n) throw new ContractMathError('balances are never negative');
  if (method === 3) return margin;
  const base = method === 1 ? availableAfterOpen + margin : margin;
  return multiply(base, moneyScale, ratio.units, ratio.scale, moneyScale, HOUSE_ROUNDING.customerReceives);
}

/**
 * The liquidation price: the level at which the exact floating loss first reaches `limit`, at the
 * product's price scale. For a long the highest price p with (entry - p) x q x cs >= limit; for a short
 * the lowest p with (p - entry) x q x cs >= limit. Null for method 3, and for a long whose level would
 * be below the smallest price (the loss can never reach the limit).
 */
export function liquidationPrice(
  method: LiquidationMethod,
  direction: ContractDirection,
  entryPrice: bigint,
  quantity: bigint,
  limit: bigint,
  scales: ProductScales,
): bigint | null {
  if (method === 3) return null;
  assertPositive(quantity, 'quantity');
  assertPositive(entryPrice, 'entry price');
  if (limit < 0n) throw new ContractMathError('a loss limit is never negative');
  // d price units move the loss by d/10^p * q/10^q * cs/10^c; the smallest d reaching limit/10^m:
  // d >= limit * 10^(p+q+c) / (q * cs * 10^m).
  const numerator = limit * pow10(scales.priceScale + scales.quantityScale + scales.contractSize.scale);
  const denominator = quantity * scales.contractSize.units * pow10(scales.moneyScale);
  const move = divideWithRounding(numerator, denominator, 'ceiling');
  if (direction === 'short') return entryPrice + move;
  const level = entryPrice - move;
  return level >= 1n ? level : null;
}

/** True when the exact loss at `price` has reached `limit` (the rule liquidationPrice encodes). */
export function lossReached(
  direction: ContractDirection,
  entryPrice: bigint,
  price: bigint,
  quantity: bigint,
  limit: bigint,
  scales: ProductScales,
): boolean {
  const move = direction === 'long' ? entryPrice - price : price - entryPrice;
  // move/10^p * q/10^q * cs/10^c >= limit/10^m, cross-multiplied so nothing is rounded.
  const left = move * quantity * scales.contractSize.units * pow10(scales.moneyScale);
  const right = limit * pow10(scales.priceScale + scales.quantityScale + scales.contractSize.scale);
  return left >= right;
}

export type StopLevelProblem = 'take_profit_wrong_side' | 'stop_loss_wrong_side';

/**
 * Direction rules (API-FACTS): a long's take-profit is above the price and its stop-loss below; a
 * short's the opposite. Strictly: a level at the price itself would fire at once. Null when both hold.
 */
export function checkStopLevels(
  direction: ContractDirection,
  price: bigint,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): StopLevelProblem | null {
  if (takeProfit !== null) {
    const rightSide = direction === 'long' ? takeProfit > price : takeProfit < price;
    if (!rightSide || takeProfit < 1n) return 'take_profit_wrong_side';
  }
  if (stopLoss !== null) {
    const rightSide = direction === 'long' ? stopLoss < price : stopLoss > price;
    if (!rightSide || stopLoss < 1n) return 'stop_loss_wrong_side';
  }
  return null;
}

export interface CloseInput {
  margin: bigint;
  /** The floating PnL at the close price (profitAndLoss). */
  profitAndLoss: bigint;
  /** The position's loss limit (lossLimit). */
  lossLimit: bigint;
  /** The customer's available balance at the close, before it. */
  available: bigint;
  closeFeeRate: ScaledValue;
  moneyScale: number;
}

export interface CloseSettlement {
  /** The realized PnL: the gain, or minus the loss actually taken (capped). */
  realized: bigint;
  /** The closing fee actually charged: margin x rate rounded up, but never more than the close returns. */
  fee: bigint;
  /** Added to (positive) or taken from (negative) the customer's available balance; margin leaves margin. */
  availableChange: bigint;
  /** What the house pays (negative) or receives (positive): minus the gain, or the loss. */
  houseChange: bigint;
  /** True when the loss was capped (a gap past the liquidation level, or an available balance too small). */
  capped: boolean;
}

/**
 * How a close moves money. The margin leaves the margin account; the house pays a gain or receives
 * the loss; the fee goes to fee income; the rest returns to available:
 *   margin: -margin   house: -realized   fees: +fee   available: margin + realized - fee
 * A loss is capped at min(lossLimit, margin + available): a gap past the liquidation level never
 * takes more than the rules allow, and no balance goes negative; the house bears the rest. Only
 * method 1's limit can exceed the margin, and only then does a loss reach into available. The fee is
 * charged only out of what the close returns, so it never pushes available down.
 * The four changes sum to zero.
 */
export function settleClose(input: CloseInput): CloseSettlement {
  const { margin, profitAndLoss: pnl, lossLimit: limit, available } = input;
  if (margin <= 0n) throw new ContractMathError('a position has a positive margin');
  if (limit < 0n || available < 0n) throw new ContractMathError('limits and balances are never negative');
  let realized = pnl;
  let capped = false;
  if (pnl < 0n) {
    const cap = limit < margin + available ? limit : margin + available;
    if (-pnl > cap) {
      realized = -cap;
      capped = true;
    }
  }
  const returned = margin + realized;
  const fullFee = closingFee(margin, input.moneyScale, input.closeFeeRate);
  const fee = returned <= 0n ? 0n : fullFee < returned ? fullFee : returned;
  return { realized, fee, availableChange: returned - fee, houseChange: -realized, capped };
}

export interface SpotBuyQuote {
  /** quantity x price x contractSize, rounded up: what the customer pays before the fee. */
  amount: bigint;
  /** amount x rate(spot, buy), rounded up, on top. */
  fee: bigint;
  /** amount + fee: leaves available. */
  total: bigint;
}

export function spotBuyQuote(price: bigint, quantity: bigint, scales: ProductScales, rate: ScaledValue): SpotBuyQuote {
  assertPositive(price, 'price');
  assertPositive(quantity, 'quantity');
  const amount = notionalOf(price, quantity, scales, HOUSE_ROUNDING.customerPays);
  const fee = feeOn(amount, scales.moneyScale, rate);
  return { amount, fee, total: amount + fee };
}

export interface SpotSellQuote {
  /** quantity x price x contractSize, rounded down: what the sale yields before the fee. */
  amount: bigint;
  /** amount x rate(spot, sell), rounded up, never more than amount. */
  fee: bigint;
  /** amount - fee: reaches available. */
  net: bigint;
}

export function spotSellQuote(
  price: bigint,
  quantity: bigint,
  scales: ProductScales,
  rate: ScaledValue,
): SpotSellQuote {
  assertPositive(price, 'price');
  assertPositive(quantity, 'quantity');
  const amount = notionalOf(price, quantity, scales, HOUSE_ROUNDING.customerReceives);
  const fullFee = feeOn(amount, scales.moneyScale, rate);
  const fee = fullFee < amount ? fullFee : amount;
  return { amount, fee, net: amount - fee };
}

/** value / whole as a percentage with `scale` decimals, rounded toward zero (display only). */
export function percentOf(value: bigint, whole: bigint, valueScale: number, scale: number): bigint | null {
  if (whole === 0n) return null;
  return divide(value * 100n, valueScale, whole, valueScale, scale, 'down');
}
