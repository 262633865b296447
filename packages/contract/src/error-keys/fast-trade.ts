/** Refusal keys of Fast trades: features/fast-trade. Every key exists in every language pack. */
export const FAST_TRADE_ERROR_KEYS = [] as const;
