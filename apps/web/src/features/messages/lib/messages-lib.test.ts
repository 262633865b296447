import { describe, expect, it } from 'vitest';
import type { SiteMessage } from '../api/types';
import { findCachedMessage, firstLine, markReadInPages, showMessageTime, type MessagePages } from './read-flags';
import { referenceTarget } from './references';

function message(id: number, readFlag: 0 | 1): SiteMessage {
  return {
    id,
    kind: 'deposit_confirmed',
    reference: `deposit:${id}`,
    title: `Deposit ${id}`,
    content: 'Line one\nLine two',
    readFlag,
    readTime: readFlag === 1 ? 5 : null,
    createTime: 1,
    demo: 0,
  };
}

function pages(...groups: SiteMessage[][]): MessagePages {
  return {
    pages: groups.map((rows) => ({ rows, total: groups.flat().length })),
    pageParams: groups.map((_, index) => index + 1),
  };
}

describe('referenceTarget', () => {
  it('opens the record a message is about, by route path', () => {
    expect(referenceTarget('deposit:12')).toEqual({
      path: '/pages/user/recharge-detail?id=12',
      labelKey: 'msg.open_deposit',
    });
    expect(referenceTarget('loan:5')?.path).toBe('/pages/loan/detail?id=5');
    expect(referenceTarget('withdrawal:3')?.path).toBe('/pages/user/withdrawRecord');
    expect(referenceTarget('position:7')?.path).toBe('/pages/position/contractPosition');
    expect(referenceTarget('fast_trade:9')?.path).toBe('/pages/record/accountRecord');
    expect(referenceTarget('new_share_subscription:4')?.path).toBe('/pages/newShares/his');
    expect(referenceTarget('identity:2')?.path).toBe('/pages/user/authentication');
  });

  it('offers nothing for a broadcast, an unknown type or a malformed id', () => {
    for (const reference of [
      'broadcast:2',
      'spaceship:1',
      'deposit:',
      'deposit:0',
      'deposit:-1',
      'deposit:1e3',
      'deposit:12?x=1',
      ':5',
      'deposit',
      '',
    ]) {
      expect(referenceTarget(reference), reference).toBeNull();
    }
  });
});

describe('markReadInPages', () => {
  it('marks one message read in whichever page holds it, leaving the others alone', () => {
    const before = pages([message(3, 0), message(2, 0)], [message(1, 0)]);
    const after = markReadInPages(before, 1, 99);
    expect(after?.pages[1]?.rows[0]).toMatchObject({ id: 1, readFlag: 1, readTime: 99 });
    expect(after?.pages[0]).toBe(before.pages[0]);
    expect(after?.pages[0]?.rows.every((row) => row.readFlag === 0)).toBe(true);
  });

  it('marks every message read, keeping the read time of those already read', () => {
    const after = markReadInPages(pages([message(3, 0), message(2, 1)]), 'all', 99);
    expect(after?.pages[0]?.rows.map((row) => [row.readFlag, row.readTime])).toEqual([
      [1, 99],
      [1, 5],
    ]);
  });

  it('answers the same object when nothing changes (no re-render), and nothing for no cache', () => {
    const before = pages([message(3, 1)]);
    expect(markReadInPages(before, 'all', 99)).toBe(before);
    expect(markReadInPages(before, 42, 99)).toBe(before);
    expect(markReadInPages(undefined, 'all', 99)).toBeUndefined();
  });

  it('finds a cached row for the detail to show while it loads', () => {
    expect(findCachedMessage(pages([message(3, 0)], [message(1, 0)]), 1)?.title).toBe('Deposit 1');
    expect(findCachedMessage(undefined, 1)).toBeUndefined();
  });
});

describe('list texts and settings', () => {
  it('firstLine skips blank lines and trims', () => {
    expect(firstLine('\n\n  Your deposit of 100.00 USDT  \nwas credited')).toBe('Your deposit of 100.00 USDT');
    expect(firstLine('')).toBe('');
  });

  it('shows message times only when showMsgTime is 1 (the spec default when missing)', () => {
    expect(showMessageTime({ showMsgTime: '1' })).toBe(true);
    expect(showMessageTime({ showMsgTime: '0' })).toBe(false);
    expect(showMessageTime({})).toBe(true);
  });
});
