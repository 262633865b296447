/**
 * How the offers' phases and the subscriptions' statuses read: the language key and the chip's colour.
 * Literal keys, so the key scan (shared/i18n/used-keys.test.ts) sees every one.
 */
import { newShares, type MessageKey } from '@kestrel/contract/web';
import type { ChipTone } from '../../../shared/ui/StatusChip';

export type Phase = (typeof newShares.NEW_SHARE_PHASES)[number];

export const PHASE_LABELS: Record<Phase, { key: MessageKey; tone: ChipTone }> = {
  upcoming: { key: 'invest.new_shares.phase_upcoming', tone: 'brand' },
  open: { key: 'invest.new_shares.phase_open', tone: 'success' },
  closed: { key: 'invest.new_shares.phase_closed', tone: 'warning' },
  allocated: { key: 'invest.new_shares.phase_allocated', tone: 'neutral' },
  listed: { key: 'invest.new_shares.phase_listed', tone: 'neutral' },
};

const { pending, allocated, notAllocated, delivered } = newShares.SUBSCRIPTION_STATUS;

const STATUS_LABELS: Record<number, { key: MessageKey; tone: ChipTone }> = {
  [pending]: { key: 'invest.new_shares.status_pending', tone: 'warning' },
  [allocated]: { key: 'invest.new_shares.status_allocated', tone: 'success' },
  [notAllocated]: { key: 'invest.new_shares.status_not_allocated', tone: 'neutral' },
  [delivered]: { key: 'invest.new_shares.status_delivered', tone: 'brand' },
};

/** A subscription's status label; an unknown status reads as waiting (nothing has been decided). */
export function subscriptionStatusLabel(status: number): { key: MessageKey; tone: ChipTone } {
  return STATUS_LABELS[status] ?? STATUS_LABELS[pending]!;
}

/** The markets an offer can belong to (productType), in the markets tab's order, with their names. */
export const MARKET_FILTERS: readonly { productType: number | undefined; key: MessageKey }[] = [
  { productType: undefined, key: 'invest.common.all' },
  { productType: 1, key: 'market.us_stocks' },
  { productType: 2, key: 'market.crypto' },
  { productType: 3, key: 'market.futures' },
  { productType: 4, key: 'market.forex' },
];
