/** Refusal keys of Spot and contract trading: features/trading. Every key exists in every language pack. */
export const TRADE_ERROR_KEYS = [] as const;
