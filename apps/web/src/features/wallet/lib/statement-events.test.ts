import { describe, expect, it } from 'vitest';
import { groupStatement, isZeroAmount, type PostingLine } from './statement-events';

const USDT = 3;
const BTC = 4;

function line(entryId: number, kind: string, amount: string, balanceAfter: string, currencyId = USDT): PostingLine {
  return {
    entryId,
    time: 1_000 * entryId,
    currencyId,
    currencyName: currencyId === USDT ? 'USDT' : 'BTC',
    kind,
    amount,
    balanceAfter,
  };
}

describe('groupStatement', () => {
  it('shows a won fast trade as one event with its net gain, not a red frozen row', () => {
    const [won] = groupStatement([
      line(9, 'frozen', '-20.00000000', '0.00000000'),
      line(9, 'available', '23.40000000', '1003.40000000'),
    ]);
    expect(won!.postings).toHaveLength(2);
    expect(won!.effects).toEqual([
      {
        currencyId: USDT,
        currencyName: 'USDT',
        net: '3.40000000',
        held: '-20.00000000',
        availableAfter: '1003.40000000',
      },
    ]);
  });

  it('shows money moved onto hold as a zero net with the held amount', () => {
    const [opened] = groupStatement([
      line(8, 'available', '-20.00000000', '980.00000000'),
      line(8, 'frozen', '20.00000000', '20.00000000'),
    ]);
    expect(isZeroAmount(opened!.effects[0]!.net)).toBe(true);
    expect(opened!.effects[0]!.held).toBe('20.00000000');
  });

  it('keeps one effect per currency (an exchange pays one and receives another) and the order of entries', () => {
    const events = groupStatement([
      line(12, 'available', '-100.00000000', '900.00000000'),
      line(12, 'available', '0.00105000', '0.00105000', BTC),
      line(11, 'available', '50.00000000', '1000.00000000'),
    ]);
    expect(events.map((event) => event.entryId)).toEqual([12, 11]);
    expect(events[0]!.effects.map((effect) => [effect.currencyName, effect.net])).toEqual([
      ['USDT', '-100.00000000'],
      ['BTC', '0.00105000'],
    ]);
    expect(events[0]!.head.amount).toBe('-100.00000000');
  });

  it('joins an entry whose postings a page boundary split', () => {
    const events = groupStatement([
      line(7, 'frozen', '-5.00', '0.00'),
      line(6, 'available', '1.00', '1.00'),
      line(7, 'available', '6.00', '7.00'),
    ]);
    expect(events.map((event) => [event.entryId, event.effects[0]!.net])).toEqual([
      [7, '1.00'],
      [6, '1.00'],
    ]);
  });
});
