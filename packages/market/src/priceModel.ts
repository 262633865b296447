import { parseDecimal } from '@kestrel/domain';
import type { Random } from './random';
import { SESSION_SECONDS_PER_YEAR } from './sessions';
import type { InstrumentSpec } from './types';

/**
 * The price process of one instrument: log price follows an Ornstein-Uhlenbeck walk in trading time,
 * a geometric random walk with a slow pull (half-life one trading year) back to the start price. The
 * pull keeps decades of backfilled monthly candles and months of uptime at realistic levels; over
 * minutes and days it is invisible. The process is time-reversible, which is what lets backfill walk
 * backwards from the live price with the same rule.
 *
 * Number is used only for the random draw and the volatility arithmetic; every price leaving here is
 * an exact bigint count of units at priceScale, on the tick grid, at least one tick.
 */

const REVERSION_HALF_LIFE_YEARS = 1;
/** Spread of one simulated trade's size around the typical size (log-normal sigma). */
const TRADE_SIZE_DISPERSION = 0.8;

export interface PriceModel {
  instrument: InstrumentSpec;
  tickUnits: bigint;
  startUnits: bigint;
  /** Natural log of the start price in units, the level the walk reverts to. */
  anchorLog: number;
  volatilityPerSqrtSecond: number;
  /** Reversion rate per second of trading time. */
  reversionPerSecond: number;
  typicalQuantityUnits: number;
}

function checkScale(name: string, scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > 12)
    throw new RangeError(`${name} must be an integer 0..12, got ${scale}`);
}

/** Validates an instrument and precomputes what the walk needs. Throws on an inconsistent spec. */
export function preparePriceModel(instrument: InstrumentSpec): PriceModel {
  const code = instrument.productCode;
  checkScale(`${code} priceScale`, instrument.priceScale);
  checkScale(`${code} quantityScale`, instrument.quantityScale);
  const tickUnits = parseDecimal(instrument.tickSize, instrument.priceScale);
  const startUnits = parseDecimal(instrument.startPrice, instrument.priceScale);
  const typicalQuantity = parseDecimal(instrument.typicalTradeQuantity, instrument.quantityScale);
  const volatility = instrument.annualVolatilityBasisPoints;
  if (tickUnits < 1n) throw new RangeError(`${code} tickSize must be positive`);
  if (startUnits < tickUnits) throw new RangeError(`${code} startPrice must be at least one tick`);
  if (typicalQuantity < 1n || typicalQuantity > 10n ** 12n)
    throw new RangeError(`${code} typicalTradeQuantity out of range`);
  if (!Number.isInteger(volatility) || volatility < 1 || volatility > 50_000)
    throw new RangeError(`${code} annualVolatilityBasisPoints out of range`);
  const secondsPerYear = SESSION_SECONDS_PER_YEAR[instrument.session];
  return {
    instrument,
    tickUnits,
    startUnits,
    anchorLog: Math.log(Number(startUnits)),
    volatilityPerSqrtSecond: volatility / 10_000 / Math.sqrt(secondsPerYear),
    reversionPerSecond: Math.LN2 / (REVERSION_HALF_LIFE_YEARS * secondsPerYear),
    typicalQuantityUnits: Number(typicalQuantity),
  };
}

/**
 * One exact Ornstein-Uhlenbeck transition over `seconds` of trading time, valid for any span (a one
 * second tick or a month-long candle). `normal` is a standard normal draw.
 */
export function walkLogPrice(model: PriceModel, logPrice: number, seconds: number, normal: number): number {
  const rate = model.reversionPerSecond;
  const decay = Math.exp(-rate * seconds);
  const spread = model.volatilityPerSqrtSecond * Math.sqrt(-Math.expm1(-2 * rate * seconds) / (2 * rate));
  return model.anchorLog + (logPrice - model.anchorLog) * decay + spread * normal;
}

/** The price on the tick grid nearest to exp(logPrice) units, never below one tick. */
export function unitsFromLog(model: PriceModel, logPrice: number): bigint {
  const tick = Number(model.tickUnits);
  const ticks = Math.max(1, Math.round(Math.exp(logPrice) / tick));
  return BigInt(ticks) * model.tickUnits;
}

/**
 * Hysteresis around the last emitted price: the latent price must stray more than this many ticks
 * from it before the emitted price moves. Without it, a product whose one-second move is a fraction
 * of a tick (corn, Coca-Cola) would flicker between two neighbouring ticks every second.
 */
const STICKINESS_TICKS = 0.75;

/** The price to emit for a latent log price, given the price emitted last. */
export function stickyUnitsFromLog(model: PriceModel, logPrice: number, lastUnits: bigint): bigint {
  const distance = Math.abs(Math.exp(logPrice) - Number(lastUnits));
  return distance <= STICKINESS_TICKS * Number(model.tickUnits) ? lastUnits : unitsFromLog(model, logPrice);
}

/** One simulated trade size: log-normal around the typical size, at least one unit. */
export function drawTradeQuantity(model: PriceModel, random: Random): bigint {
  const size = model.typicalQuantityUnits * Math.exp(TRADE_SIZE_DISPERSION * random.normal());
  return BigInt(Math.max(1, Math.round(size)));
}

/** Mean of the log-normal trade size relative to the typical size, so backfilled volume matches live volume. */
export const MEAN_TRADE_SIZE_FACTOR = Math.exp((TRADE_SIZE_DISPERSION * TRADE_SIZE_DISPERSION) / 2);
