// Investment products (issue 13): the rules the server applies and the screens show. Pure: no I/O,
// no clock, no randomness (a seed or a time is always an argument).
export * from './allocation';
export * from './staking';
export * from './loan';
