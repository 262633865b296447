/**
 * Fast trades on the trade form: option labels (SPEC §3 units S/M/H/D), the fee on top of the stake
 * (the order fee settings, position type 0, buy for up and sell for down), limits, the payout a win
 * would bring, and a clock that follows the server's time rather than the phone's.
 */
import { DURATION_LABELS, fastTrade, type AnswerOf, type launch } from '@kestrel/contract/web';
import {
  FeeNotConfiguredError,
  HOUSE_ROUNDING,
  findFeeRate,
  multiply,
  type FeeSetting,
  type ProductType,
} from '@kestrel/domain';
import { parseScaled, parseTyped, plainDecimal, unitsAt, type Scaled } from '../../../shared/trading/decimals';
import { typedAmountProblem } from './amount-problem';

export type FastTradeOption = AnswerOf<typeof launch.fastTradeOrderOptionsList>;
export type FastDirection = 'up' | 'down';

/** "30S", "1M", "2H", "1D": the value and the unit letter of SPEC §3. */
export function durationText(option: Pick<FastTradeOption, 'durationValue' | 'durationLabel'>): string {
  return `${option.durationValue}${DURATION_LABELS[option.durationLabel]?.label ?? 'S'}`;
}

/** The whole duration in seconds (S=1, M=60, H=3600, D=86400). */
export function durationSecondsOf(option: Pick<FastTradeOption, 'durationValue' | 'durationLabel'>): number {
  return option.durationValue * (DURATION_LABELS[option.durationLabel]?.seconds ?? 1);
}

/** The options shortest first, so the first chip is the quickest trade. */
export function sortOptions(options: readonly FastTradeOption[]): FastTradeOption[] {
  return [...options].sort((a, b) => durationSecondsOf(a) - durationSecondsOf(b) || a.id - b.id);
}

export function directionCode(direction: FastDirection): number {
  return direction === 'up' ? fastTrade.FAST_TRADE_DIRECTION.up : fastTrade.FAST_TRADE_DIRECTION.down;
}

/** The fee rate of a fast trade in this direction, or null when the settings do not define one. */
export function fastFeeRate(
  settings: readonly FeeSetting[],
  productType: number,
  direction: FastDirection,
): string | null {
  if (productType < 1 || productType > 4) return null;
  try {
    return findFeeRate(settings, {
      productType: productType as ProductType,
      positionType: 0,
      exchangeType: direction === 'up' ? 1 : 2,
    });
  } catch (error) {
    if (error instanceof FeeNotConfiguredError) return null;
    throw error;
  }
}

export interface StakeProblem {
  key:
    | 'trading.amount_invalid'
    | 'trading.amount_precision'
    | 'trading.stake_below_min'
    | 'trading.stake_above_max'
    | 'trading.balance_below_min'
    | 'trading.insufficient_balance'
    | 'trading.fee_not_configured';
  params?: Record<string, string | number>;
}

export interface StakeQuote {
  stake: bigint;
  /** stake x fee rate, rounded up, charged on top. */
  fee: bigint;
  total: bigint;
  /** What a win returns: stake + stake x winRatio, rounded down. */
  winPayout: bigint;
}

export type StakePreview =
  | { state: 'empty' }
  | { state: 'invalid'; problem: StakeProblem; quote: StakeQuote | null }
  | { state: 'valid'; quote: StakeQuote };

function quoteStake(stake: bigint, option: FastTradeOption, fee: Scaled, moneyScale: number): StakeQuote {
  const feeUnits = multiply(stake, moneyScale, fee.units, fee.scale, moneyScale, HOUSE_ROUNDING.customerPays);
  const win = parseScaled(option.winRatio) ?? { units: 0n, scale: 0 };
  const gain = multiply(stake, moneyScale, win.units, win.scale, moneyScale, HOUSE_ROUNDING.customerReceives);
  return { stake, fee: feeUnits, total: stake + feeUnits, winPayout: stake + gain };
}

export function previewStake(input: {
  stake: string;
  option: FastTradeOption;
  feeRate: string | null;
  available: string | null | undefined;
  moneyScale: number;
}): StakePreview {
  const { option, moneyScale } = input;
  const typed = parseTyped(input.stake, moneyScale);
  if (typed.state === 'empty') return { state: 'empty' };
  if (typed.state === 'invalid') {
    return { state: 'invalid', problem: typedAmountProblem(typed.reason, moneyScale), quote: null };
  }
  const rate = parseScaled(input.feeRate);
  if (!rate) return { state: 'invalid', problem: { key: 'trading.fee_not_configured' }, quote: null };
  const quote = quoteStake(typed.units, option, rate, moneyScale);
  const invalid = (problem: StakeProblem): StakePreview => ({ state: 'invalid', problem, quote });
  const min = unitsAt(option.minBuyAmount, moneyScale, 'up');
  const max = unitsAt(option.maxBuyAmount, moneyScale, 'down');
  if (min !== null && typed.units < min)
    return invalid({ key: 'trading.stake_below_min', params: { min: option.minBuyAmount } });
  if (max !== null && max > 0n && typed.units > max) {
    return invalid({ key: 'trading.stake_above_max', params: { max: option.maxBuyAmount } });
  }
  const available = unitsAt(input.available, moneyScale, 'down');
  if (available !== null) {
    const minUser = unitsAt(option.minUserAmount, moneyScale, 'up');
    if (minUser !== null && available < minUser) {
      return invalid({ key: 'trading.balance_below_min', params: { min: option.minUserAmount } });
    }
    if (quote.total > available) return invalid({ key: 'trading.insufficient_balance' });
  }
  return { state: 'valid', quote };
}

/** A 25/50/75/100% shortcut: that share of the available balance pays stake + fee, within the option's limits. */
export function stakeShortcut(options: {
  percent: 25 | 50 | 75 | 100;
  option: FastTradeOption;
  feeRate: string | null;
  available: string | null | undefined;
  moneyScale: number;
  displayDecimals: number;
}): string | null {
  const { moneyScale } = options;
  const available = unitsAt(options.available, moneyScale, 'down');
  const rate = parseScaled(options.feeRate);
  if (available === null || available <= 0n || !rate) return null;
  const budget = (available * BigInt(options.percent)) / 100n;
  const one = 10n ** BigInt(rate.scale);
  let stake = (budget * one) / (one + rate.units);
  const max = unitsAt(options.option.maxBuyAmount, moneyScale, 'down');
  if (max !== null && max > 0n && stake > max) stake = max;
  const decimals = Math.min(options.displayDecimals, moneyScale);
  const cut = stake / 10n ** BigInt(moneyScale - decimals);
  return cut > 0n ? plainDecimal(cut, decimals) : null;
}

/** How many preset stakes a fixed-amount form offers. */
const PRESET_STAKE_COUNT = 6;

/**
 * The preset fast-buy amounts, for a form where the stake may not be typed (otherValue app_fastFree 0):
 * the option's minimum, then the round 1-2-5 steps above it (10, 20, 50, 100, ...) up to its maximum,
 * at most six. Every one is within the option's limits, so only the balance can refuse it.
 */
export function presetStakes(
  option: Pick<FastTradeOption, 'minBuyAmount' | 'maxBuyAmount'>,
  moneyScale: number,
): string[] {
  const one = 10n ** BigInt(moneyScale);
  const min = unitsAt(option.minBuyAmount, moneyScale, 'up') ?? 0n;
  const configuredMax = unitsAt(option.maxBuyAmount, moneyScale, 'down');
  const max = configuredMax !== null && configuredMax > 0n ? configuredMax : null;
  const stakes: bigint[] = min > 0n ? [min] : [];
  for (let magnitude = one; stakes.length < PRESET_STAKE_COUNT; magnitude *= 10n) {
    for (const step of [1n, 2n, 5n]) {
      const stake = step * magnitude;
      if (max !== null && stake > max) return stakes.map((units) => plainDecimal(units, moneyScale));
      if (stake > min && stakes.length < PRESET_STAKE_COUNT) stakes.push(stake);
    }
  }
  return stakes.map((units) => plainDecimal(units, moneyScale));
}

/**
 * The server's clock, carried forward by the phone's monotonic clock: `serverTime` as the answer said,
 * plus the time elapsed since it arrived. Changing the phone's date does not move it.
 */
export interface ServerClock {
  now: () => number;
}

export function serverClock(serverTime: number, monotonic: () => number = () => performance.now()): ServerClock {
  const receivedAt = monotonic();
  return { now: () => serverTime + Math.max(0, monotonic() - receivedAt) };
}

/** Milliseconds left until `expiryTime` on the server's clock (never negative). */
export function remainingMs(expiryTime: number, clock: ServerClock): number {
  return Math.max(0, expiryTime - clock.now());
}

/** "0:27", "4:05", "1:02:03", "2d 03:04:05": whole seconds, rounded up so 0:00 means due. */
export function countdownText(milliseconds: number): string {
  const total = Math.ceil(Math.max(0, milliseconds) / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}
