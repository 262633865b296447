import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../shared/api/request-error';
import { characterCount, checkMessageText, checkPickedImage, PICK_BYTES_MAX } from './composer';
import { failureOf } from './refusal';
import {
  buildTimeline,
  dayLabel,
  dayOf,
  mergeMessages,
  newestOwnId,
  newestStaffId,
  patchOutgoing,
  timeOf,
  type Outgoing,
  type SupportMessage,
} from './timeline';

const at = (year: number, month: number, day: number, hours: number, minutes = 0) =>
  new Date(year, month - 1, day, hours, minutes).getTime();

function message(id: number, sender: 'customer' | 'staff', createdAt: number, text = `m${id}`): SupportMessage {
  return { id, conversationId: 1, sender, kind: 'text', text, imageUrl: '', createdAt };
}

describe('the chat timeline', () => {
  const now = at(2026, 3, 10, 15);

  it('merges history, live messages and send answers once each, oldest first', () => {
    const a = message(1, 'customer', at(2026, 3, 10, 9));
    const b = message(2, 'staff', at(2026, 3, 10, 9, 1));
    const c = message(3, 'customer', at(2026, 3, 10, 9, 2));
    expect(mergeMessages([a, b], [c, b], [b]).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(mergeMessages([c], [a]).map((m) => m.id)).toEqual([1, 3]);
  });

  it('puts a day separator before each day: today, yesterday, else the date', () => {
    const messages = [
      message(1, 'customer', at(2026, 3, 1, 23, 59)),
      message(2, 'staff', at(2026, 3, 9, 8)),
      message(3, 'staff', at(2026, 3, 9, 8, 2)),
      message(4, 'customer', at(2026, 3, 10, 0, 5)),
    ];
    const items = buildTimeline(messages, [], now);
    expect(items.map((item) => item.kind)).toEqual(['day', 'message', 'day', 'message', 'message', 'day', 'message']);
    expect(items[0]).toMatchObject({ label: { kind: 'date', date: '2026-03-01' } });
    expect(items[2]).toMatchObject({ label: { kind: 'yesterday' } });
    expect(items[5]).toMatchObject({ label: { kind: 'today' } });
  });

  it('starts a run (the sender label) when the side changes, a day starts, or five minutes pass', () => {
    const messages = [
      message(1, 'staff', at(2026, 3, 10, 9)),
      message(2, 'staff', at(2026, 3, 10, 9, 4)),
      message(3, 'staff', at(2026, 3, 10, 9, 10)),
      message(4, 'customer', at(2026, 3, 10, 9, 11)),
      message(5, 'staff', at(2026, 3, 10, 9, 12)),
    ];
    const runs = buildTimeline(messages, [], now).flatMap((item) => (item.kind === 'message' ? [item.runStart] : []));
    expect(runs).toEqual([true, false, true, true, true]);
  });

  it('shows unconfirmed messages after the confirmed ones, with a separator when the day is new', () => {
    const sending: Outgoing = {
      localId: 'a',
      createdAt: now,
      state: 'sending',
      error: null,
      kind: 'text',
      text: 'hello',
    };
    const items = buildTimeline([message(1, 'staff', at(2026, 3, 9, 8))], [sending], now);
    expect(items.map((item) => item.key)).toEqual(['day-2026-03-09', 'm-1', 'day-2026-03-10', 'o-a']);
    expect(buildTimeline([], [sending], now).map((item) => item.kind)).toEqual(['day', 'outgoing']);
  });

  it('finds the newest message of each side', () => {
    const messages = [message(1, 'customer', 1), message(2, 'staff', 2), message(3, 'customer', 3)];
    expect(newestStaffId(messages)).toBe(2);
    expect(newestOwnId(messages)).toBe(3);
    expect(newestStaffId([message(1, 'customer', 1)])).toBe(0);
    expect(newestOwnId([])).toBeNull();
  });

  it('labels days on the customer clock, yesterday across a daylight-saving change too', () => {
    expect(dayOf(at(2026, 3, 10, 0, 1))).toBe('2026-03-10');
    expect(timeOf(at(2026, 3, 10, 7, 5))).toBe('07:05');
    expect(dayLabel('2026-03-29', at(2026, 3, 30, 0, 30))).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2026-03-28', at(2026, 3, 30, 0, 30))).toEqual({ kind: 'date', date: '2026-03-28' });
  });

  it('patches one unconfirmed message only', () => {
    const list: Outgoing[] = [
      { localId: 'a', createdAt: 1, state: 'sending', error: null, kind: 'text', text: 'a' },
      { localId: 'b', createdAt: 2, state: 'uploading', error: null, kind: 'image', preview: 'data:', imageKey: null },
    ];
    const patched = patchOutgoing(list, 'b', { state: 'failed', error: { key: 'support.not_sent' } });
    expect(patched[0]).toBe(list[0]);
    expect(patched[1]).toMatchObject({ state: 'failed', kind: 'image', preview: 'data:' });
  });
});

describe('the composer checks', () => {
  it('sends the trimmed text, refuses empty, too long and control characters as the server does', () => {
    expect(checkMessageText('  hi there \n')).toEqual({ ok: true, text: 'hi there' });
    expect(checkMessageText(' \n\t ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkMessageText('a'.repeat(1000))).toMatchObject({ ok: true });
    expect(checkMessageText('a'.repeat(1001))).toEqual({ ok: false, reason: 'too_long', max: 1000 });
    expect(checkMessageText('bell\u0007')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkMessageText('line one\nline two\ttab')).toMatchObject({ ok: true });
    expect(checkMessageText('a\r\nb\rc')).toEqual({ ok: true, text: 'a\nb\nc' });
    expect(checkMessageText('c1 \u0085 control')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkMessageText('lone \ud800 surrogate')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('counts characters as the customer sees them (an emoji is one)', () => {
    expect(characterCount('👍🏽')).toBe(2);
    expect(characterCount('😀')).toBe(1);
    expect(checkMessageText('😀'.repeat(1000))).toMatchObject({ ok: true });
  });

  it('takes PNG, JPEG and WebP pictures up to 20 MB before compression, nothing else', () => {
    expect(checkPickedImage({ type: 'image/jpeg', size: 3_000_000 })).toBeNull();
    expect(checkPickedImage({ type: 'image/webp', size: PICK_BYTES_MAX })).toBeNull();
    expect(checkPickedImage({ type: 'image/png', size: PICK_BYTES_MAX + 1 })).toBe('too_large');
    expect(checkPickedImage({ type: 'application/pdf', size: 10 })).toBe('not_image');
    expect(checkPickedImage({ type: 'image/svg+xml', size: 10 })).toBe('not_image');
    expect(checkPickedImage({ type: '', size: 10 })).toBe('not_image');
  });
});

describe('failureOf', () => {
  it("keeps the server's refusal key and parameters, and names a lost connection", () => {
    const refused = new RequestError({
      kind: 'code',
      code: 500,
      msg: 'error.support_too_fast',
      params: { seconds: 8 },
      quiet: true,
    });
    expect(failureOf(refused)).toEqual({ key: 'error.support_too_fast', params: { seconds: 8 } });
    const limited = new RequestError({ kind: 'http', status: 429, msg: 'error.rate_limited', quiet: true });
    expect(failureOf(limited)).toEqual({ key: 'error.rate_limited', params: undefined });
    expect(failureOf(new RequestError({ kind: 'transport', msg: 'request.timeout', quiet: true }))).toEqual({
      key: 'support.not_sent_connection',
    });
    expect(failureOf(new Error('boom'))).toEqual({ key: 'support.not_sent' });
  });
});
