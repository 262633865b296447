/**
 * How orders' statuses and products' closed reasons read: the language key and the chip's colour.
 * Literal keys, so the key scan (shared/i18n/used-keys.test.ts) sees every one.
 */
import { staking, type MessageKey } from '@kestrel/contract/web';
import type { ChipTone } from '../../../shared/ui/StatusChip';

const { active, matured, redeemed } = staking.STAKING_ORDER_STATUS;

/** The orders screen's tabs, in order, with the status each lists. */
export const ORDER_TABS = [
  { id: 'active', status: active, key: 'invest.staking.tab_active' },
  { id: 'matured', status: matured, key: 'invest.staking.tab_matured' },
  { id: 'redeemed', status: redeemed, key: 'invest.staking.tab_redeemed' },
] as const satisfies readonly { id: string; status: number; key: MessageKey }[];

export type OrderTab = (typeof ORDER_TABS)[number]['id'];

const STATUS_LABELS: Record<number, { key: MessageKey; tone: ChipTone }> = {
  [active]: { key: 'invest.staking.status_active', tone: 'brand' },
  [matured]: { key: 'invest.staking.status_matured', tone: 'success' },
  [redeemed]: { key: 'invest.staking.status_redeemed', tone: 'neutral' },
};

export function orderStatusLabel(status: number): { key: MessageKey; tone: ChipTone } {
  return STATUS_LABELS[status] ?? STATUS_LABELS[active]!;
}

export type ClosedReason = (typeof staking.STAKING_CLOSED_REASONS)[number];

/** Why a product takes no orders now, in the customer's words. */
export const CLOSED_REASONS: Record<ClosedReason, { key: MessageKey; hint: MessageKey }> = {
  paused: { key: 'invest.staking.closed_paused', hint: 'invest.staking.closed_paused_hint' },
  reserve_exhausted: { key: 'invest.staking.closed_reserve', hint: 'invest.staking.closed_reserve_hint' },
  quota_full: { key: 'invest.staking.closed_quota', hint: 'invest.staking.closed_quota_hint' },
};
