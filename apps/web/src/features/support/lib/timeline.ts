import type { support } from '@kestrel/contract/web';
import { formatDateTime } from '../../../shared/display/date-time';

export type SupportMessage = support.SupportMessage;

/** Where a refusal or a failure came from, as a language key and its parameters. */
export interface Refusal {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * A message the customer has written that the server has not confirmed yet: being prepared (an image
 * compressed, then uploaded), on its way, or failed (kept with why, to retry or remove).
 */
export type Outgoing = {
  localId: string;
  createdAt: number;
  state: 'compressing' | 'uploading' | 'sending' | 'failed';
  error: Refusal | null;
} & (
  | { kind: 'text'; text: string }
  /** `preview`: the compressed image (a data URL, '' while compressing); `imageKey` once uploaded. */
  | { kind: 'image'; preview: string; imageKey: string | null }
);

/** Today, yesterday, or a date ("2026-11-22", as every date in the app), on the customer's clock. */
export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: string };

export type TimelineItem =
  | { kind: 'day'; key: string; label: DayLabel }
  /** `runStart`: the first of consecutive messages of one side (the sender's name shows there). */
  | { kind: 'message'; key: string; message: SupportMessage; runStart: boolean }
  | { kind: 'outgoing'; key: string; outgoing: Outgoing };

/** A time as "2026-11-22" and "14:05" on the customer's clock (shared/display/date-time.ts). */
export function dayOf(epochMs: number): string {
  return formatDateTime(epochMs).split(' ')[0] ?? '';
}
export function timeOf(epochMs: number): string {
  return formatDateTime(epochMs).split(' ')[1] ?? '';
}

const DAY_MS = 86_400_000;

/** The day separator's label of `day`, seen at `now`. */
export function dayLabel(day: string, now: number): DayLabel {
  if (day === dayOf(now)) return { kind: 'today' };
  // Noon today minus a day is yesterday whatever a daylight-saving change did to the night.
  const noon = new Date(now);
  noon.setHours(12, 0, 0, 0);
  if (day === dayOf(noon.getTime() - DAY_MS)) return { kind: 'yesterday' };
  return { kind: 'date', date: day };
}

/**
 * Every confirmed message once, oldest first: the history pages, the live ones and the answers to
 * sends overlap (a message can arrive over the socket and in the send's answer, and again when the
 * history is refetched), so they are merged by id.
 */
export function mergeMessages(...lists: SupportMessage[][]): SupportMessage[] {
  const byId = new Map<number, SupportMessage>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Messages of one side less than this apart read as one run (one sender label). */
const RUN_GAP_MS = 5 * 60_000;

/**
 * What the chat shows, top to bottom: a day separator before the first message of each day, the
 * confirmed messages, then the customer's unconfirmed ones in the order written.
 */
export function buildTimeline(messages: SupportMessage[], outgoing: Outgoing[], now: number): TimelineItem[] {
  const items: TimelineItem[] = [];
  let lastDay = '';
  let previous: SupportMessage | null = null;
  const separate = (epochMs: number) => {
    const day = dayOf(epochMs);
    if (day === lastDay) return false;
    lastDay = day;
    items.push({ kind: 'day', key: `day-${day}`, label: dayLabel(day, now) });
    return true;
  };
  for (const message of messages) {
    const newDay = separate(message.createdAt);
    const runStart =
      newDay ||
      previous === null ||
      previous.sender !== message.sender ||
      message.createdAt - previous.createdAt > RUN_GAP_MS;
    items.push({ kind: 'message', key: `m-${message.id}`, message, runStart });
    previous = message;
  }
  for (const item of outgoing) {
    separate(item.createdAt);
    items.push({ kind: 'outgoing', key: `o-${item.localId}`, outgoing: item });
  }
  return items;
}

/** The newest message from support (0: none), which the customer has read once it is on screen. */
export function newestStaffId(messages: SupportMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.sender === 'staff') return message.id;
  }
  return 0;
}

/** The customer's newest confirmed message (null: none), where "Seen" shows once support read it. */
export function newestOwnId(messages: SupportMessage[]): number | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.sender === 'customer') return message.id;
  }
  return null;
}

/** One unconfirmed message changed, the others as they were. */
export function patchOutgoing(list: Outgoing[], localId: string, patch: Partial<Outgoing>): Outgoing[] {
  return list.map((item) => (item.localId === localId ? ({ ...item, ...patch } as Outgoing) : item));
}
