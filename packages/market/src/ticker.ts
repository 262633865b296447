import { formatDecimal } from '@kestrel/domain';
import type { Candle, InstrumentSpec, TickerBlock, TickerInfo } from './types';

/**
 * SPEC §3 tickerInfo, computed exactly with bigint and formatted for the wire. Prices carry
 * priceScale decimals, volume quantityScale, tradeAmount (sum of price * quantity) both added together.
 */

/**
 * Percent change of `now` against `reference` in basis points (1.23% = 123n), rounded half away from
 * zero. A non-positive reference (no previous day) counts as no change.
 */
export function changeRateBasisPoints(now: bigint, reference: bigint): bigint {
  if (reference <= 0n) return 0n;
  const numerator = (now - reference) * 10_000n;
  const quotient = numerator / reference;
  const remainder = numerator % reference;
  const absoluteRemainder = remainder < 0n ? -remainder : remainder;
  if (2n * absoluteRemainder < reference) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** Basis points as a percent string with exactly two decimals ("-1.23"). */
export function formatChangeRate(basisPoints: bigint): string {
  return formatDecimal(basisPoints, 2);
}

/** Turnover / volume rounded down to priceScale; the close when nothing traded. */
export function averagePrice(candle: Candle): bigint {
  return candle.volume > 0n ? candle.turnover / candle.volume : candle.close;
}

export function tickerBlock(instrument: InstrumentSpec, candle: Candle): TickerBlock {
  const { priceScale, quantityScale } = instrument;
  return {
    open: formatDecimal(candle.open, priceScale),
    close: formatDecimal(candle.close, priceScale),
    max: formatDecimal(candle.high, priceScale),
    min: formatDecimal(candle.low, priceScale),
    volume: formatDecimal(candle.volume, quantityScale),
    averagePrice: formatDecimal(averagePrice(candle), priceScale),
    tradeAmount: formatDecimal(candle.turnover, priceScale + quantityScale),
  };
}

/** A block for a period with no trading yet: every price at `price`, nothing traded. */
export function idleCandle(openTime: number, price: bigint): Candle {
  return { openTime, open: price, high: price, low: price, close: price, volume: 0n, turnover: 0n, tickCount: 0 };
}

export interface TickerInputs {
  instrument: InstrumentSpec;
  nowPrice: bigint;
  updated: number;
  day: Candle | undefined;
  minute: Candle | undefined;
  prevDay: Candle | undefined;
  simulated: boolean;
}

/** The previous day's close, or today's open when there is no previous day yet. */
export function referencePrice(inputs: Pick<TickerInputs, 'nowPrice' | 'day' | 'prevDay'>): bigint {
  return inputs.prevDay?.close ?? inputs.day?.open ?? inputs.nowPrice;
}

export function buildTickerInfo(inputs: TickerInputs): TickerInfo {
  const { instrument, nowPrice, updated } = inputs;
  const reference = referencePrice(inputs);
  const idle = idleCandle(updated, nowPrice);
  return {
    ticker: instrument.productCode,
    nowPrice: formatDecimal(nowPrice, instrument.priceScale),
    changeRate: formatChangeRate(changeRateBasisPoints(nowPrice, reference)),
    changePrice: formatDecimal(nowPrice - reference, instrument.priceScale),
    day: tickerBlock(instrument, inputs.day ?? idle),
    minute: tickerBlock(instrument, inputs.minute ?? idle),
    prevDay: tickerBlock(instrument, inputs.prevDay ?? idleCandle(updated, reference)),
    updated,
    simulated: inputs.simulated,
  };
}
