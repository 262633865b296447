/** Tables of features/trading (see schema.ts for the conventions). Merged into Database there. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the feature
export interface TradingTables {}
