export * from './shapes';
export * as launch from './launch';
export * as market from './market';
export * as account from './account';
export * as funding from './funding';
export * as wallet from './wallet';
export * as ledger from './ledger';
