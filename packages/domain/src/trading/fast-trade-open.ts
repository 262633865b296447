/**
 * Placing a fast trade, decided in the two steps the server takes (API-FACTS "Fast trades"):
 * 1. checkFastTradeOrder, before any transaction: a known option of a visible product; the product
 *    not locked, offering fast trades, its session open; the option's terms usable; the stake a valid
 *    amount within [minBuyAmount, maxBuyAmount]; the fee configured (stake x rate, rounded up); the
 *    available balance at least minUserAmount and at least stake + fee.
 * 2. decideFastTradeOpen, inside the transaction: a live price to open at, the balance checked again,
 *    then the order row and the ledger moves (fastTradeOpenMovement):
 *      available  -(stake + fee)      frozen  +stake      fee income  +fee
 * An unusable option is the operator's mistake: the customer is refused `fast_trade_option_unavailable`
 * and the refusal carries the fault for the server's log.
 */
import { formatDecimal, parseDecimal } from '../decimal';
import { nonZeroMoves, refusal, type Decision, type LedgerMove } from '../decision';
import { FeeNotConfiguredError, findFeeRate, type FeeSetting, type ProductType } from '../fees';
import { problem, type Problem } from '../problem';
import { parseCustomerAmount, type CustomerAmountProblemCode } from '../funding/customer-amount';
import {
  fastTradeDurationMs,
  fastTradeFee,
  fastTradeOpenMovement,
  fastTradeTerms,
  FastTradeTermsError,
  parseFastTradeRate,
  type FastTradeDirection,
} from './fast-trade';

/** Position type 0: fast trades, in a product's list of position types and in the order fee settings (SPEC §3). */
export const FAST_TRADE_POSITION_TYPE = 0;

/** The option the customer chose and its product, as configured. */
export interface FastTradeOption {
  productType: number;
  /** The position types the product trades in, "/"-separated as configured. */
  positionTypes: string;
  locked: boolean;
  durationValue: number;
  durationLabel: number;
  winRatio: string;
  loseRatio: string;
  loseMoneyMethod: number;
  minBuyAmount: string;
  maxBuyAmount: string;
  minUserAmount: string;
}

export interface FastTradeOrderInput<Option extends FastTradeOption = FastTradeOption> {
  /** Null when no visible product offers the option the customer named. */
  option: Option | null;
  /** Whether the product's market session is open now. */
  sessionOpen: boolean;
  direction: FastTradeDirection;
  /** The stake as typed. */
  stake: string;
  /** The trade currency's scale. */
  moneyScale: number;
  feeSettings: readonly FeeSetting[];
  /** The customer's available balance in the trade currency. */
  available: bigint;
}

/** An order that passed every check that needs no price. */
export interface FastTradeOrder {
  direction: FastTradeDirection;
  moneyScale: number;
  stake: bigint;
  /** stake x fee rate, rounded up: paid on top of the stake. */
  fee: bigint;
  /** The fee rate as configured, copied onto the order. */
  feeRate: string;
  minUserAmount: bigint;
  durationMs: number;
}

/** Why an option cannot be used, for the log: its message, the error found, and the value to blame. */
export interface FastTradeOptionFault {
  message: string;
  error: unknown;
  value?: string;
}

type BalanceProblemCode = 'fast_trade_balance_below_minimum' | 'insufficient_balance';

export type FastTradeOrderProblemCode =
  | 'fast_trade_option_not_found'
  | 'product_locked'
  | 'position_type_unavailable'
  | 'market_closed'
  | 'fast_trade_option_unavailable'
  | CustomerAmountProblemCode
  | 'fast_trade_stake_below_minimum'
  | 'fast_trade_stake_above_maximum'
  | 'fee_not_configured'
  | BalanceProblemCode;

/** A refusal of step 1; `fault` says why an unusable option is unusable (null for the customer's own mistakes). */
export interface FastTradeOrderRefusal {
  problem: Problem<FastTradeOrderProblemCode>;
  fault: FastTradeOptionFault | null;
}

/** Accepted: the order, and the option it was checked against (the caller's, with whatever else it carries). */
export type FastTradeOrderCheck<Option extends FastTradeOption = FastTradeOption> =
  FastTradeOrderRefusal | { problem: null; option: Option; order: FastTradeOrder };

/** A step's value, or the refusal that ends the check. */
type Checked<Value> = { value: Value; refusal: null } | { value: null; refusal: FastTradeOrderRefusal };

function refusedWith(
  code: FastTradeOrderProblemCode,
  params: Record<string, string | number> = {},
): FastTradeOrderRefusal {
  return { problem: problem(code, params), fault: null };
}

function unusableOption(fault: FastTradeOptionFault): { value: null; refusal: FastTradeOrderRefusal } {
  return { value: null, refusal: { problem: problem('fast_trade_option_unavailable'), fault } };
}

/** Step 1: every check that needs no price, in the order the server refuses them. */
export function checkFastTradeOrder<Option extends FastTradeOption>(
  input: FastTradeOrderInput<Option>,
): FastTradeOrderCheck<Option> {
  const { option, moneyScale } = input;
  if (!option) return refusedWith('fast_trade_option_not_found');
  if (option.locked) return refusedWith('product_locked');
  const positionTypes = option.positionTypes.split('/').map((part) => part.trim());
  if (!positionTypes.includes(String(FAST_TRADE_POSITION_TYPE))) return refusedWith('position_type_unavailable');
  if (!input.sessionOpen) return refusedWith('market_closed');
  const duration = usableDuration(option);
  if (duration.refusal) return duration.refusal;

  const stake = parseCustomerAmount(input.stake, moneyScale);
  if (stake.problem) return { problem: stake.problem, fault: null };
  const bounds = stakeBounds(option, moneyScale);
  if (bounds.refusal) return bounds.refusal;
  const { minimum, maximum, minUserAmount } = bounds.value;
  const shown = (units: bigint) => formatDecimal(units, moneyScale, { trimZeros: true });
  if (stake.units < minimum) return refusedWith('fast_trade_stake_below_minimum', { min: shown(minimum) });
  if (stake.units > maximum) return refusedWith('fast_trade_stake_above_maximum', { max: shown(maximum) });

  const fee = fastTradeFeeOf(option, input, stake.units);
  if (fee.refusal) return fee.refusal;
  const order: FastTradeOrder = {
    direction: input.direction,
    moneyScale,
    stake: stake.units,
    fee: fee.value.fee,
    feeRate: fee.value.rate,
    minUserAmount,
    durationMs: duration.value,
  };
  const balance = balanceProblem(input.available, order);
  if (balance) return { problem: balance, fault: null };
  return { problem: null, option, order };
}

/** The option's payout terms and duration are usable; the duration in milliseconds. */
function usableDuration(option: FastTradeOption): Checked<number> {
  try {
    fastTradeTerms(option);
    return { value: fastTradeDurationMs(option.durationValue, option.durationLabel), refusal: null };
  } catch (error) {
    if (!(error instanceof FastTradeTermsError)) throw error;
    return unusableOption({ message: 'fast trade option has unusable terms', error });
  }
}

/** The option's configured stake bounds and minimum balance at the currency's scale, in that order. */
function stakeBounds(
  option: FastTradeOption,
  scale: number,
): Checked<{ minimum: bigint; maximum: bigint; minUserAmount: bigint }> {
  const minimum = configuredAmount(option.minBuyAmount, scale);
  if (minimum.refusal) return minimum;
  const maximum = configuredAmount(option.maxBuyAmount, scale);
  if (maximum.refusal) return maximum;
  const minUserAmount = configuredAmount(option.minUserAmount, scale);
  if (minUserAmount.refusal) return minUserAmount;
  return {
    value: { minimum: minimum.value, maximum: maximum.value, minUserAmount: minUserAmount.value },
    refusal: null,
  };
}

/** A configured amount; a malformed or negative one makes the option unusable. */
function configuredAmount(text: string, scale: number): Checked<bigint> {
  const fault = (error: unknown) =>
    unusableOption({ message: 'fast trade option has a malformed amount', error, value: text });
  let units: bigint;
  try {
    units = parseDecimal(text, scale);
  } catch (error) {
    return fault(error);
  }
  return units < 0n ? fault(new RangeError('negative')) : { value: units, refusal: null };
}

/**
 * The fee rate of position type 0 (up is a buy, down a sell, as a contract's long and short: SPEC §3
 * exchange type 1 buy, 2 sell) and the fee on the stake; a missing or unusable rate is refused.
 */
function fastTradeFeeOf(
  option: FastTradeOption,
  input: FastTradeOrderInput,
  stake: bigint,
): Checked<{ rate: string; fee: bigint }> {
  let rate: string;
  try {
    rate = findFeeRate(input.feeSettings, {
      productType: option.productType as ProductType,
      positionType: FAST_TRADE_POSITION_TYPE,
      exchangeType: input.direction === 0 ? 1 : 2,
    });
  } catch (error) {
    if (!(error instanceof FeeNotConfiguredError)) throw error;
    return { value: null, refusal: refusedWith('fee_not_configured') };
  }
  try {
    const fee = fastTradeFee(stake, input.moneyScale, parseFastTradeRate(rate, 'fee rate'));
    return { value: { rate, fee }, refusal: null };
  } catch (error) {
    if (!(error instanceof FastTradeTermsError)) throw error;
    return { value: null, refusal: refusedWith('fee_not_configured') };
  }
}

/** The customer keeps at least minUserAmount available to trade at all, and must afford stake + fee. */
function balanceProblem(available: bigint, order: FastTradeOrder): Problem<BalanceProblemCode> | null {
  if (available < order.minUserAmount) {
    return problem('fast_trade_balance_below_minimum', {
      min: formatDecimal(order.minUserAmount, order.moneyScale, { trimZeros: true }),
    });
  }
  if (available < order.stake + order.fee) return problem('insufficient_balance');
  return null;
}

/** The customer's available balance, the stake held until expiry (frozen), and fee income. */
export type FastTradeAccountRole = 'available' | 'frozen' | 'fee_income';
export type FastTradeMove = LedgerMove<FastTradeAccountRole>;

/** The tick an order opens at: its price is the open price; the order and its entry record the rest. */
export interface OpeningTick {
  price: bigint;
  id: string;
  source: string;
  time: number;
}

export interface FastTradeOpenInput {
  order: FastTradeOrder;
  /** The feed's latest tick, read as late as possible; null when the feed has none. */
  tick: OpeningTick | null;
  /** The customer's available balance, read again inside the transaction. */
  available: bigint;
  /** When the order opens (epoch milliseconds); it expires durationMs later. */
  now: number;
}

/** The money, open tick and times of the order row; the service adds who and which option. */
export interface FastTradeOpening {
  direction: FastTradeDirection;
  stake: bigint;
  fee: bigint;
  feeRate: string;
  durationMs: number;
  openTick: OpeningTick;
  openTime: number;
  expiryTime: number;
}

export type FastTradeOpenDecision = Decision<
  'fast_trade_no_price' | BalanceProblemCode,
  { opening: FastTradeOpening; moves: FastTradeMove[] }
>;

/** Step 2: a tick to open at and the balance once more, then what to write. */
export function decideFastTradeOpen(input: FastTradeOpenInput): FastTradeOpenDecision {
  const { order, tick, now } = input;
  if (tick === null) return refusal(problem('fast_trade_no_price'));
  const balance = balanceProblem(input.available, order);
  if (balance) return refusal(balance);
  const movement = fastTradeOpenMovement(order.stake, order.fee);
  return {
    problem: null,
    opening: {
      direction: order.direction,
      stake: order.stake,
      fee: order.fee,
      feeRate: order.feeRate,
      durationMs: order.durationMs,
      openTick: tick,
      openTime: now,
      expiryTime: now + order.durationMs,
    },
    moves: nonZeroMoves<FastTradeMove>([
      { role: 'available', amount: movement.customerAvailable },
      { role: 'frozen', amount: movement.customerHeld },
      { role: 'fee_income', amount: movement.feeIncome },
    ]),
  };
}
