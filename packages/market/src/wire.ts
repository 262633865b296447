import { formatDecimal } from '@kestrel/domain';
import type { Candle, InstrumentSpec, Tick } from './types';

/** Candles and ticks as JSON-safe decimal strings (JSON cannot carry bigint). */

export interface WireCandle {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
  tickCount: number;
}

export interface WireTick {
  productCode: string;
  price: string;
  quantity: string;
  time: number;
  source: string;
  seq: number;
}

export function candleToWire(instrument: InstrumentSpec, candle: Candle): WireCandle {
  const { priceScale, quantityScale } = instrument;
  return {
    openTime: candle.openTime,
    open: formatDecimal(candle.open, priceScale),
    high: formatDecimal(candle.high, priceScale),
    low: formatDecimal(candle.low, priceScale),
    close: formatDecimal(candle.close, priceScale),
    volume: formatDecimal(candle.volume, quantityScale),
    turnover: formatDecimal(candle.turnover, priceScale + quantityScale),
    tickCount: candle.tickCount,
  };
}

export function tickToWire(instrument: InstrumentSpec, tick: Tick): WireTick {
  return {
    productCode: tick.productCode,
    price: formatDecimal(tick.price, instrument.priceScale),
    quantity: formatDecimal(tick.quantity, instrument.quantityScale),
    time: tick.time,
    source: tick.source,
    seq: tick.seq,
  };
}
