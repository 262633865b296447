export * from './types';
export { INSTRUMENTS, findInstrument } from './catalogue';
export { isUsDaylightSavingTime, newYorkOffsetMs, usDaylightSavingPeriod } from './newYorkTime';
export * from './sessions';
export * from './candles';
export { CandleSeries, DEFAULT_CANDLE_CAPACITY } from './candleSeries';
export { MarketSimulator, SIMULATOR_SOURCE, type SimulatorOptions } from './simulator';
export {
  averagePrice,
  buildTickerInfo,
  changeRateBasisPoints,
  formatChangeRate,
  tickerBlock,
  type TickerInputs,
} from './ticker';
export { candleToWire, tickToWire, type WireCandle, type WireTick } from './wire';
export type { MarketFeed, TickListener } from './feed';
export { createSimulatedMarket, type SimulatedMarket, type SimulatedMarketOptions } from './market';
export { ProductBook } from './productBook';
export {
  candleHistoryTick,
  DEFAULT_TICK_HISTORY_CAPACITY,
  HISTORY_SOURCE_SUFFIX,
  isHistoryTick,
  TickHistory,
  TickRing,
} from './tickHistory';
export { SessionDays } from './sessionDays';
export { tickIdOf } from './tickId';
