export * from './shapes';
export * as launch from './launch';
export * as market from './market';
export * as account from './account';
