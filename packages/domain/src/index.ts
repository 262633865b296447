export * from './rounding';
export * from './decimal';
export * from './display';
export * from './validators';
export * from './fees';
export * from './ledger';
export * from './orderbook';
export * from './trading';
