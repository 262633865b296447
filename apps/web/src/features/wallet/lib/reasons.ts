/**
 * The ledger's reason codes the statement knows by name; each has a `reason.<code>` language key.
 * A code not listed here (a later feature's) shows `reason.other` until its key is added.
 */
export const KNOWN_REASONS = [
  'deposit.confirmed',
  'deposit.demo_instant',
  'withdrawal.requested',
  'withdrawal.cancelled',
  'withdrawal.paid',
  'withdrawal.rejected',
  'exchange.convert',
  'demo.opening_balance',
  'spot.buy',
  'spot.sell',
  'contract.open',
  'contract.close',
  'contract.take_profit',
  'contract.stop_loss',
  'contract.liquidation',
  'fast_trade.opened',
  'fast_trade.won',
  'fast_trade.lost',
  'fast_trade.tied',
] as const;

export const REASON_FALLBACK_KEY = 'reason.other';

/** The language key of a reason code, or the fallback for a code the app does not know. */
export function reasonKey(code: string, hasKey: (key: string) => boolean): string {
  const key = `reason.${code}`;
  return hasKey(key) ? key : REASON_FALLBACK_KEY;
}

/** Reference types with a name: `wallet.ref_<type>`. */
export const KNOWN_REFERENCE_TYPES = [
  'deposit',
  'withdrawal',
  'exchange',
  'demo_account',
  'spot_order',
  'contract_position',
  'fast_trade',
] as const;

export function referenceKey(type: string): string | null {
  return (KNOWN_REFERENCE_TYPES as readonly string[]).includes(type) ? `wallet.ref_${type}` : null;
}
