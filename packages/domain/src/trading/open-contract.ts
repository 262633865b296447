/**
 * Opening a leveraged contract position, decided (API-FACTS "Contracts"): from the customer's order,
 * the product's terms, the live price, the fee rate, the customer's open positions and available
 * balance, either the first rule the order breaks or the position to write and the ledger moves:
 *   available  -(margin + fee)      margin  +margin      fee income  +fee
 * The rules, in the order the server has always refused them: the leverage is one of the product's;
 * exactly one of notional and margin; the amount a positive decimal; the quantity it buys (rounded
 * down) at least one unit and within bounds; the margin (rounded up) within bounds; take-profit and
 * stop-loss well-formed and on the right side; the fee configured (rounded up); the open-position
 * bound; the balance; the share of the balance one order may use.
 */
import { formatDecimal, multiply } from '../decimal';
import { nonZeroMoves, refusal, type Decision, type LedgerMove } from '../decision';
import { problem, type Problem } from '../problem';
import { HOUSE_ROUNDING } from '../rounding';
import {
  checkStopLevels,
  liquidationPrice,
  lossLimit,
  marginFor,
  notionalForMargin,
  notionalOf,
  openingFee,
  quantityForNotional,
  type ContractDirection,
  type LiquidationMethod,
  type ProductScales,
  type ScaledValue,
  type StopLevelProblem,
} from './contract-math';
import {
  checkTradeBounds,
  parseStopPrice,
  parseTradeAmount,
  shareAsPercent,
  type BoundProblemCode,
  type TradeAmountProblemCode,
} from './trade-input';

/** The accounts a contract's money moves between, by role: the customer's two and the platform's two. */
export type ContractAccountRole = 'available' | 'margin' | 'house' | 'fees';
export type ContractMove = LedgerMove<ContractAccountRole>;

/** The customer's order as typed (amounts and levels are decimal text). */
export interface ContractOrder {
  direction: ContractDirection;
  leverage: number;
  /** The notional to open; give this or `margin`, not both. */
  notional?: string;
  /** The margin to put up; give this or `notional`, not both. */
  margin?: string;
  takeProfit?: string;
  stopLoss?: string;
}

/** A product's contract terms (its trade settings), decimals at the precision they were configured with. */
export interface ContractTerms {
  levers: readonly number[];
  minQuantity: ScaledValue;
  /** Zero: no maximum. */
  maxQuantity: ScaledValue;
  minMargin: ScaledValue;
  /** Zero: no maximum. */
  maxMargin: ScaledValue;
  /** The largest fraction of the available balance one order's margin and fee may use. */
  maxBalanceShare: ScaledValue;
  minHoldSeconds: number;
  liquidationMethod: LiquidationMethod;
  liquidationRatio: ScaledValue;
}

export interface ContractOpenInput {
  order: ContractOrder;
  terms: ContractTerms;
  scales: ProductScales;
  /** The live price (the feed's last tick): the position opens at it. */
  price: bigint;
  /** The opening fee rate (contract, buy) as configured and parsed; null when the fee settings define none. */
  feeRate: { text: string; rate: ScaledValue } | null;
  /** The customer's open positions, and how many one customer may hold. */
  openPositions: { count: number; maximum: number };
  /** The customer's available balance in the trade currency, before the opening. */
  available: bigint;
  /** When the position opens (epoch milliseconds); the minimum holding time counts from here. */
  now: number;
}

/** The money and levels of the position row; the service adds who, what product and which tick. */
export interface ContractOpening {
  quantity: bigint;
  openPrice: bigint;
  /** The notional actually opened: the quantity bought, priced at the tick, never more than asked for. */
  notional: bigint;
  margin: bigint;
  /** The fee rate as configured, copied onto the row. */
  openFeeRate: string;
  openFee: bigint;
  stopProfit: bigint | null;
  stopLoss: bigint | null;
  liquidationMethod: LiquidationMethod;
  /** The liquidation ratio of the terms, as a plain decimal. */
  liquidationRatio: string;
  lossLimit: bigint;
  liquidationPrice: bigint | null;
  openTime: number;
  closableTime: number;
}

export type ContractOpenProblemCode =
  | 'leverage_not_allowed'
  | 'order_amount_required'
  | TradeAmountProblemCode
  | 'order_too_small'
  | BoundProblemCode
  | 'price_invalid'
  | StopLevelProblem
  | 'fee_not_configured'
  | 'open_positions_limit'
  | 'insufficient_balance'
  | 'balance_share_exceeded';

export type ContractOpenDecision = Decision<
  ContractOpenProblemCode,
  { position: ContractOpening; moves: ContractMove[] }
>;

export function decideContractOpen(input: ContractOpenInput): ContractOpenDecision {
  const { order, terms, scales, price } = input;
  if (!terms.levers.includes(order.leverage)) {
    return refusal(problem('leverage_not_allowed', { levers: terms.levers.join('/') }));
  }
  const wanted = wantedNotional(order, scales.moneyScale);
  if (wanted.problem) return refusal(wanted.problem);
  const quantity = quantityForNotional(wanted.notional, price, scales);
  if (quantity <= 0n) return refusal(problem('order_too_small'));
  const quantityProblem = checkTradeBounds(
    quantity,
    scales.quantityScale,
    { minimum: terms.minQuantity, maximum: terms.maxQuantity },
    { below: 'quantity_below_minimum', above: 'quantity_above_maximum' },
  );
  if (quantityProblem) return refusal(quantityProblem);
  const notional = notionalOf(price, quantity, scales, HOUSE_ROUNDING.customerPays);
  const margin = marginFor(notional, order.leverage);
  const marginProblem = checkTradeBounds(
    margin,
    scales.moneyScale,
    { minimum: terms.minMargin, maximum: terms.maxMargin },
    { below: 'margin_below_minimum', above: 'margin_above_maximum' },
  );
  if (marginProblem) return refusal(marginProblem);
  const stops = stopLevels(order, price, scales.priceScale);
  if (stops.problem) return refusal(stops.problem);
  if (input.feeRate === null) return refusal(problem('fee_not_configured'));
  const fee = openingFee(notional, scales.moneyScale, input.feeRate.rate);
  const cost = margin + fee;
  const unaffordable = affordabilityProblem(input, cost);
  if (unaffordable) return refusal(unaffordable);

  // Method 1's limit counts the balance left after this opening.
  const limit = lossLimit(
    terms.liquidationMethod,
    margin,
    input.available - cost,
    terms.liquidationRatio,
    scales.moneyScale,
  );
  return {
    problem: null,
    position: {
      quantity,
      openPrice: price,
      notional,
      margin,
      openFeeRate: input.feeRate.text,
      openFee: fee,
      stopProfit: stops.takeProfit,
      stopLoss: stops.stopLoss,
      liquidationMethod: terms.liquidationMethod,
      liquidationRatio: formatDecimal(terms.liquidationRatio.units, terms.liquidationRatio.scale),
      lossLimit: limit,
      liquidationPrice: liquidationPrice(terms.liquidationMethod, order.direction, price, quantity, limit, scales),
      openTime: input.now,
      closableTime: input.now + terms.minHoldSeconds * 1000,
    },
    moves: nonZeroMoves<ContractMove>([
      { role: 'available', amount: -cost },
      { role: 'margin', amount: margin },
      { role: 'fees', amount: fee },
    ]),
  };
}

type Wanted =
  | { notional: bigint; problem: null }
  | { notional: null; problem: Problem<'order_amount_required' | TradeAmountProblemCode> };

/** The notional the customer asks for: as typed, or the margin typed times the leverage (exact). */
function wantedNotional(order: ContractOrder, moneyScale: number): Wanted {
  if ((order.notional !== undefined) === (order.margin !== undefined)) {
    return { notional: null, problem: problem('order_amount_required') };
  }
  const typed = parseTradeAmount(order.notional ?? order.margin ?? '', moneyScale);
  if (typed.problem) return { notional: null, problem: typed.problem };
  const notional = order.notional !== undefined ? typed.units : notionalForMargin(typed.units, order.leverage);
  return { notional, problem: null };
}

type StopLevels =
  | { takeProfit: bigint | null; stopLoss: bigint | null; problem: null }
  | { problem: Problem<'price_invalid' | StopLevelProblem> };

/** Take-profit and stop-loss parsed at the price scale, then checked against the side of the price. */
function stopLevels(order: ContractOrder, price: bigint, priceScale: number): StopLevels {
  const takeProfit = parseStopPrice(order.takeProfit, priceScale);
  if (takeProfit.problem) return { problem: takeProfit.problem };
  const stopLoss = parseStopPrice(order.stopLoss, priceScale);
  if (stopLoss.problem) return { problem: stopLoss.problem };
  const wrongSide = checkStopLevels(order.direction, price, takeProfit.units, stopLoss.units);
  if (wrongSide) return { problem: problem(wrongSide) };
  return { takeProfit: takeProfit.units, stopLoss: stopLoss.units, problem: null };
}

/**
 * Whether the customer may put `cost` (margin + fee) into one more position: under the open-position
 * bound, within the available balance, and within the share of it one order may use (that share is
 * rounded down: it bounds what the customer may spend).
 */
function affordabilityProblem(
  input: ContractOpenInput,
  cost: bigint,
): Problem<'open_positions_limit' | 'insufficient_balance' | 'balance_share_exceeded'> | null {
  const { openPositions, available, scales } = input;
  if (openPositions.count >= openPositions.maximum) {
    return problem('open_positions_limit', { max: openPositions.maximum });
  }
  if (cost > available) return problem('insufficient_balance');
  const share = input.terms.maxBalanceShare;
  const allowed = multiply(available, scales.moneyScale, share.units, share.scale, scales.moneyScale, 'down');
  if (cost > allowed) return problem('balance_share_exceeded', { percent: shareAsPercent(share) });
  return null;
}
