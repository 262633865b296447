/**
 * How a follow and its copies read: the follow's state (active, or ended and why), its size, and each
 * copy's state with the chip tone it shows in.
 */
import { copyTrading } from '@kestrel/contract/web';
import type { ChipTone } from '../../../shared/ui/StatusChip';

type EndReason = (typeof copyTrading.COPY_END_REASONS)[number];
export type CopyOrderState = (typeof copyTrading.COPY_ORDER_STATES)[number];

const END_REASON_KEYS: Record<EndReason, string> = {
  unfollow: 'copy.end_unfollow',
  stop_loss: 'copy.end_stop_loss',
  trader_stopped: 'copy.end_trader_stopped',
};

/** The words of a follow's state: "Active", or why it ended ("Ended" when the server names no reason). */
export function relationStatusKey(relation: { status: number; endReason: EndReason | null }): string {
  if (relation.status === copyTrading.COPY_RELATION_STATUS.active) return 'copy.status_active';
  return relation.endReason ? END_REASON_KEYS[relation.endReason] : 'copy.status_ended';
}

export const isActiveRelation = (relation: { status: number }): boolean =>
  relation.status === copyTrading.COPY_RELATION_STATUS.active;

const ORDER_STATES: Record<CopyOrderState, { key: string; tone: ChipTone }> = {
  pending: { key: 'copy.state_pending', tone: 'warning' },
  open: { key: 'copy.state_open', tone: 'brand' },
  closed: { key: 'copy.state_closed', tone: 'neutral' },
  skipped: { key: 'copy.state_skipped', tone: 'danger' },
  released: { key: 'copy.state_released', tone: 'success' },
};

/** A copy's state chip: its words and tone. A state this app does not know reads as pending. */
export function orderStateOf(state: string): { key: string; tone: ChipTone } {
  return (copyTrading.COPY_ORDER_STATES as readonly string[]).includes(state)
    ? ORDER_STATES[state as CopyOrderState]
    : ORDER_STATES.pending;
}

/** A follow's size in words: the fixed margin per copy, or the ratio of the trader's margin. */
export function sizeOf(relation: {
  followMode: number;
  followAmount: string | null;
  followRatio: string | null;
}): { mode: 'fixed'; amount: string | null } | { mode: 'ratio'; ratio: string | null } {
  return relation.followMode === copyTrading.COPY_FOLLOW_MODE.ratio
    ? { mode: 'ratio', ratio: relation.followRatio }
    : { mode: 'fixed', amount: relation.followAmount };
}
