/**
 * Fast trades (position type 0), pure: the fee at open, the outcome at expiry, and the money each
 * step moves. The customer bets that the price is higher (up) or lower (down) when the duration
 * ends than when the order opened. Nothing here reads a clock or a random number: the outcome
 * follows from the two recorded prices and the option's published terms, nothing else.
 *
 * Rounding (rounding.ts house rule): the fee and a partial loss are paid by the customer and round
 * up; a win's profit is received and rounds down.
 */
import { DecimalFormatError, multiply, parseDecimal } from '../decimal';

/** Ratios and fee rates are fractions (0.85 = 85 %) parsed at this scale. */
export const FAST_TRADE_RATE_SCALE = 12;

/** 0 up (wins above the open price), 1 down (wins below). */
export type FastTradeDirection = 0 | 1;
export const FAST_TRADE_UP: FastTradeDirection = 0;
export const FAST_TRADE_DOWN: FastTradeDirection = 1;

export type FastTradeOutcome = 'won' | 'lost' | 'tied';

/** 0 a loss loses the whole stake, 1 a loss loses stake x loseRatio and returns the rest. */
export type LoseMoneyMethod = 0 | 1;

/** SPEC §3 duration label units in seconds, indexed by durationLabel: S=1, M=60, H=3600, D=86400. */
export const DURATION_LABEL_UNIT_SECONDS: readonly number[] = [1, 60, 3600, 86400];

/** The longest duration an option may have: a week (a bound on how long a stake can be held). */
export const FAST_TRADE_DURATION_MS_MAX = 7 * 86400 * 1000;

/** A configured option or rate that cannot be used: the operator's mistake, never the customer's. */
export class FastTradeTermsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FastTradeTermsError';
  }
}

/** The option's payout terms, ratios as units at FAST_TRADE_RATE_SCALE. */
export interface FastTradeTerms {
  winRatio: bigint;
  loseRatio: bigint;
  loseMoneyMethod: LoseMoneyMethod;
}

/** A configured ratio or rate (a non-negative decimal) at FAST_TRADE_RATE_SCALE. */
export function parseFastTradeRate(text: string, what: string): bigint {
  let units: bigint;
  try {
    units = parseDecimal(text, FAST_TRADE_RATE_SCALE);
  } catch (error) {
    if (error instanceof DecimalFormatError)
      throw new FastTradeTermsError(`${what} ${JSON.stringify(text)} is not a decimal`);
    throw error;
  }
  if (units < 0n) throw new FastTradeTermsError(`${what} ${JSON.stringify(text)} is negative`);
  return units;
}

const ONE = 10n ** BigInt(FAST_TRADE_RATE_SCALE);

/**
 * Parses and checks an option's terms: a non-negative win ratio, a lose ratio between 0 and 1, and a
 * known lose method. Throws FastTradeTermsError otherwise.
 */
export function fastTradeTerms(option: {
  winRatio: string;
  loseRatio: string;
  loseMoneyMethod: number;
}): FastTradeTerms {
  const winRatio = parseFastTradeRate(option.winRatio, 'win ratio');
  const loseRatio = parseFastTradeRate(option.loseRatio, 'lose ratio');
  if (loseRatio > ONE) throw new FastTradeTermsError(`lose ratio ${option.loseRatio} is above 1`);
  if (option.loseMoneyMethod !== 0 && option.loseMoneyMethod !== 1)
    throw new FastTradeTermsError(`unknown lose money method ${option.loseMoneyMethod}`);
  return { winRatio, loseRatio, loseMoneyMethod: option.loseMoneyMethod };
}

/** durationValue units of durationLabel, in milliseconds. Throws FastTradeTermsError for a bad option. */
export function fastTradeDurationMs(durationValue: number, durationLabel: number): number {
  const unitSeconds = DURATION_LABEL_UNIT_SECONDS[durationLabel];
  if (unitSeconds === undefined || !Number.isInteger(durationLabel))
    throw new FastTradeTermsError(`unknown duration label ${durationLabel}`);
  if (!Number.isInteger(durationValue) || durationValue < 1)
    throw new FastTradeTermsError(`duration ${durationValue} is not a positive integer`);
  const milliseconds = durationValue * unitSeconds * 1000;
  if (milliseconds > FAST_TRADE_DURATION_MS_MAX)
    throw new FastTradeTermsError(`duration ${durationValue}x${unitSeconds}s is longer than a week`);
  return milliseconds;
}

/** The fee on top of the stake: stake x feeRate, rounded up (the customer pays it). */
export function fastTradeFee(stake: bigint, amountScale: number, feeRate: bigint): bigint {
  if (stake <= 0n) throw new RangeError('a stake is positive');
  if (feeRate < 0n) throw new RangeError('a fee rate is not negative');
  return multiply(stake, amountScale, feeRate, FAST_TRADE_RATE_SCALE, amountScale, 'up');
}

/** Up wins when the expiry price is above the open price, down when below; equal prices tie. */
export function fastTradeOutcome(
  direction: FastTradeDirection,
  openPrice: bigint,
  expiryPrice: bigint,
): FastTradeOutcome {
  if (expiryPrice === openPrice) return 'tied';
  const rose = expiryPrice > openPrice;
  return rose === (direction === FAST_TRADE_UP) ? 'won' : 'lost';
}

export interface FastTradeSettlement {
  outcome: FastTradeOutcome;
  /** What returns to the customer's available balance: stake and winnings, what a loss leaves, or the stake on a tie. */
  payout: bigint;
  /** payout - stake: the trade's result before the fee. */
  profit: bigint;
}

/**
 * The settlement of one order from its recorded prices and the terms it was placed under:
 * - won: stake + stake x winRatio (the winnings round down);
 * - lost, method 0: nothing comes back; method 1: stake - stake x loseRatio (the loss rounds up);
 * - tied: the stake comes back (the fee paid at open is not refunded).
 */
export function settleFastTrade(input: {
  stake: bigint;
  amountScale: number;
  direction: FastTradeDirection;
  openPrice: bigint;
  expiryPrice: bigint;
  terms: FastTradeTerms;
}): FastTradeSettlement {
  const { stake, amountScale, terms } = input;
  if (stake <= 0n) throw new RangeError('a stake is positive');
  const outcome = fastTradeOutcome(input.direction, input.openPrice, input.expiryPrice);
  let payout: bigint;
  if (outcome === 'tied') payout = stake;
  else if (outcome === 'won')
    payout = stake + multiply(stake, amountScale, terms.winRatio, FAST_TRADE_RATE_SCALE, amountScale, 'down');
  else if (terms.loseMoneyMethod === 0) payout = 0n;
  else {
    const lost = multiply(stake, amountScale, terms.loseRatio, FAST_TRADE_RATE_SCALE, amountScale, 'up');
    payout = stake - (lost > stake ? stake : lost);
  }
  return { outcome, payout, profit: payout - stake };
}

/** The open: available pays stake and fee; the stake is held (frozen) until expiry; the fee is income. */
export interface FastTradeOpenMovement {
  customerAvailable: bigint;
  customerHeld: bigint;
  feeIncome: bigint;
}

export function fastTradeOpenMovement(stake: bigint, fee: bigint): FastTradeOpenMovement {
  if (stake <= 0n || fee < 0n) throw new RangeError('a stake is positive and a fee is not negative');
  return { customerAvailable: -(stake + fee), customerHeld: stake, feeIncome: fee };
}

/** The settlement: the held stake is released; the payout goes to available; the house takes or pays the rest. */
export interface FastTradeSettlementMovement {
  customerHeld: bigint;
  customerAvailable: bigint;
  house: bigint;
}

export function fastTradeSettlementMovement(stake: bigint, payout: bigint): FastTradeSettlementMovement {
  if (stake <= 0n || payout < 0n) throw new RangeError('a stake is positive and a payout is not negative');
  return { customerHeld: -stake, customerAvailable: payout, house: stake - payout };
}
