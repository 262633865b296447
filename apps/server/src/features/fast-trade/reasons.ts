/** Reason codes of fast-trade journal entries; the statement translates `reason.<code>`. */
export const FAST_TRADE_REASONS = {
  opened: 'fast_trade.opened',
  won: 'fast_trade.won',
  lost: 'fast_trade.lost',
  tied: 'fast_trade.tied',
} as const;

/** The journal entries' reference type; the reference id is the order's id. */
export const FAST_TRADE_REFERENCE = 'fast_trade';

/** The actor of settlement entries: the scheduled job, never a person. */
export const SETTLEMENT_ACTOR = 'fast-trade-settlement';

/** Stored result codes (contract FAST_TRADE_RESULT). */
export const RESULT_CODE = { won: 1, lost: 2, tied: 3 } as const;
