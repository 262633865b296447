// Plain and schema-free, so the phone's view of `contracts` re-exports this rather than a copy.

/** Why a position closed. */
/** copy_trader: a copy closed with its trader's position; copy_stop_loss: by its follow's stop-loss (copy-trading.ts). */
export const CLOSE_REASONS = [
  'manual',
  'close_all',
  'take_profit',
  'stop_loss',
  'liquidation',
  'copy_trader',
  'copy_stop_loss',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
