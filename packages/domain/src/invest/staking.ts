// Filled in by the staking work of issue 13.
export {};
