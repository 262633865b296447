/** The coin-to-coin order book: the engine, its reference model, and their shared vocabulary. */
export * from './types';
export * from './result-codes';
export { OrderBook } from './order-book';
export { ReferenceOrderBook } from './reference';
export { BookStateError } from './book-state';
export {
  assertPairConfig,
  feeRateFromDecimal,
  MAXIMUM_FEE_RATE,
  PairConfigError,
  validatePairConfig,
} from './pair-config';
export * from './order-input';
