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

/**
 * References whose id means nothing to the customer (a commission's is another customer's fee entry, a
 * reward's the task): the statement shows their label alone.
 */
export const LABEL_ONLY_REFERENCE_TYPES = ['referral', 'reward_task'] as const;

export function isLabelOnlyReference(type: string): boolean {
  return (LABEL_ONLY_REFERENCE_TYPES as readonly string[]).includes(type);
}

export function referenceKey(type: string): string | null {
  if (isLabelOnlyReference(type)) return `wallet.ref_${type}`;
  return (KNOWN_REFERENCE_TYPES as readonly string[]).includes(type) ? `wallet.ref_${type}` : null;
}
