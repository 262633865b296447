import { formatDecimal, FEE_RATE_SCALE, parseDecimal, type PairConfig } from '@kestrel/domain';

/**
 * Everything the exchange needs to know about one pair, checked once when the books are built.
 * Units: prices at priceScale, volumes at volumeScale, USDT at quoteScale (the quote currency's ledger
 * scale), base coin ledger units at baseScale. Fee rates in parts per million (the engine's unit).
 */
export interface PairSpec {
  productCode: string;
  productId: number;
  /** Product names by language code. */
  names: Record<string, string>;
  productName: string;
  /** `BTC/USDT`. */
  pair: string;
  baseCurrencyId: number;
  baseCurrencyName: string;
  baseScale: number;
  quoteCurrencyId: number;
  quoteCurrencyName: string;
  quoteScale: number;
  priceScale: number;
  volumeScale: number;
  tick: bigint;
  step: bigint;
  minimum: bigint;
  makerFeeRate: bigint;
  takerFeeRate: bigint;
  /** 1 when the product is locked by an operator: orders are refused with error.product_locked. */
  locked: boolean;
}

/** A pair row that cannot be traded on, with the reason, for the loud start-up log. */
export class PairSpecError extends Error {}

export interface PairRowInput {
  productCode: string;
  baseScale: number;
  quoteScale: number;
  priceScale: number;
  volumeScale: number;
  tickSize: string;
  volumeStep: string;
  minimumVolume: string;
}

/**
 * Parses and checks a pair's steps. priceScale + volumeScale must not exceed the quote scale, so a
 * fill's price x volume is exact in USDT (no rounding dust between buyer and seller), and volumeScale
 * must not exceed the base coin's scale, so a volume is exact in the ledger.
 */
export function parsePairSteps(row: PairRowInput): { tick: bigint; step: bigint; minimum: bigint } {
  const problem = (reason: string): never => {
    throw new PairSpecError(`pair ${row.productCode}: ${reason}`);
  };
  if (row.priceScale + row.volumeScale > row.quoteScale) problem('price scale + volume scale exceed the quote scale');
  if (row.volumeScale > row.baseScale) problem('volume scale exceeds the base coin scale');
  let tick = 0n;
  let step = 0n;
  let minimum = 0n;
  try {
    tick = parseDecimal(row.tickSize, row.priceScale);
    step = parseDecimal(row.volumeStep, row.volumeScale);
    minimum = parseDecimal(row.minimumVolume, row.volumeScale);
  } catch {
    problem('tick, step or minimum is not a decimal at the pair scales');
  }
  if (tick <= 0n || step <= 0n || minimum <= 0n) problem('tick, step and minimum must be positive');
  if (minimum % step !== 0n) problem('the minimum volume is not a multiple of the step');
  return { tick, step, minimum };
}

/** The engine's configuration of a pair. */
export function engineConfig(spec: PairSpec): PairConfig {
  return {
    pair: spec.pair,
    priceScale: spec.priceScale,
    sizeScale: spec.volumeScale,
    quoteScale: spec.quoteScale,
    priceTick: spec.tick,
    sizeStep: spec.step,
    minimumSize: spec.minimum,
    makerFeeRate: spec.makerFeeRate,
    takerFeeRate: spec.takerFeeRate,
  };
}

/**
 * The order fee settings give coin-to-coin a buy rate and a sell rate; the engine charges a maker rate
 * and a taker rate. The resting side pays the lower of the two and the incoming side the higher, so
 * with equal rates (the seeded 0.1 %) every side pays exactly the published rate.
 */
export function makerTakerRates(buyRate: bigint, sellRate: bigint): { maker: bigint; taker: bigint } {
  return buyRate <= sellRate ? { maker: buyRate, taker: sellRate } : { maker: sellRate, taker: buyRate };
}

export function formatRate(rate: bigint): string {
  return formatDecimal(rate, FEE_RATE_SCALE, { trimZeros: true });
}
