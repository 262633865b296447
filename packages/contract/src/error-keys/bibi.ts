/** Refusal keys of Coin-to-coin orders: features/bibi. Every key exists in every language pack. */
export const BIBI_ERROR_KEYS = [] as const;
