import { describe, expect, it } from 'vitest';
import type { EntryDraft } from '@kestrel/domain';
import { feePayersOf, type PostedLine } from './referral-commission';

const entry = (overrides: Partial<EntryDraft> = {}): EntryDraft => ({
  reasonCode: 'test.fee',
  referenceType: 'test',
  referenceId: '1',
  actorType: 'customer',
  actorId: '7',
  memo: '',
  tickId: null,
  tickSource: null,
  postings: [],
  ...overrides,
});
const line = (userId: number, kind: string, amount: bigint, book = 'real', currencyId = 3): PostedLine => ({
  accountId: userId * 100 + kind.length,
  currencyId,
  amount,
  userId,
  kind,
  book,
});

describe('who paid the fee of an entry', () => {
  it('is the one customer of the entry, for each fee income credit', () => {
    const lines = [line(7, 'available', -105n), line(0, 'trading_house', 100n), line(0, 'fee_income', 5n)];
    expect(feePayersOf(entry(), lines)).toEqual([{ userId: 7, currencyId: 3, amount: 5n }]);
  });

  it('is nobody when there is no fee, a fee refund, or demo money', () => {
    expect(feePayersOf(entry(), [line(7, 'available', -5n), line(0, 'trading_house', 5n)])).toEqual([]);
    expect(feePayersOf(entry(), [line(7, 'available', 5n), line(0, 'fee_income', -5n)])).toEqual([]);
    expect(feePayersOf(entry(), [line(7, 'available', -5n, 'demo'), line(0, 'fee_income', 5n, 'demo')])).toEqual([]);
  });

  it('is never guessed when two customers share an entry without naming the payers', () => {
    const lines = [line(7, 'frozen', -10n), line(8, 'available', 8n), line(0, 'fee_income', 2n)];
    expect(feePayersOf(entry(), lines)).toEqual([]);
    const named = entry({
      feePayers: [
        { userId: 7, currencyId: 3, amount: 1n },
        { userId: 8, currencyId: 3, amount: 1n },
      ],
    });
    expect(feePayersOf(named, lines)).toHaveLength(2);
  });

  it('refuses payers that name more than the fee income received', () => {
    const lines = [line(7, 'frozen', -10n), line(8, 'available', 8n), line(0, 'fee_income', 2n)];
    const greedy = entry({ feePayers: [{ userId: 7, currencyId: 3, amount: 3n }] });
    expect(() => feePayersOf(greedy, lines)).toThrow(/more than the fee income/);
  });
});
