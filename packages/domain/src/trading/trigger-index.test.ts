/**
 * Unit tests of the trigger books. Every case runs against both the index and the full-scan
 * reference: they share the interface and must share every answer.
 */
import { describe, expect, it } from 'vitest';
import { TriggerIndex } from './trigger-index';
import { TriggerScan } from './trigger-scan';
import {
  TriggerBookError,
  type PositionDirection,
  type Trigger,
  type TriggerBook,
  type TriggerKind,
} from './trigger-rules';

interface TestBook extends TriggerBook {
  triggersOf(positionId: number): Trigger[];
}

const IMPLEMENTATIONS: readonly { name: string; create: (capacity?: number) => TestBook }[] = [
  { name: 'TriggerIndex', create: (capacity) => new TriggerIndex(capacity === undefined ? {} : { capacity }) },
  { name: 'TriggerScan', create: (capacity) => new TriggerScan(capacity === undefined ? {} : { capacity }) },
];

const BTC = 'X:BTCUSD';
const EUR = 'C:EURUSD';

interface Levels {
  takeProfit?: bigint;
  stopLoss?: bigint;
  liquidation?: bigint;
}

function levels(positionId: number, productCode: string, direction: PositionDirection, given: Levels): Trigger[] {
  const triggers: Trigger[] = [];
  const add = (kind: TriggerKind, price: bigint | undefined) => {
    if (price !== undefined) triggers.push({ positionId, productCode, direction, kind, price });
  };
  add('take_profit', given.takeProfit);
  add('stop_loss', given.stopLoss);
  add('liquidation', given.liquidation);
  return triggers;
}

function one(positionId: number, direction: PositionDirection, kind: TriggerKind, price: bigint): Trigger {
  return { positionId, productCode: BTC, direction, kind, price };
}

/** [direction, kind, level, tick price, fires] for every crossing rule, at, beyond and short of the level. */
const CROSSING_CASES: readonly [PositionDirection, TriggerKind, bigint, bigint, boolean][] = [
  ['long', 'take_profit', 110n, 109n, false],
  ['long', 'take_profit', 110n, 110n, true],
  ['long', 'take_profit', 110n, 111n, true],
  ['long', 'stop_loss', 90n, 91n, false],
  ['long', 'stop_loss', 90n, 90n, true],
  ['long', 'stop_loss', 90n, 89n, true],
  ['long', 'liquidation', 80n, 81n, false],
  ['long', 'liquidation', 80n, 80n, true],
  ['long', 'liquidation', 80n, 1n, true],
  ['short', 'take_profit', 90n, 91n, false],
  ['short', 'take_profit', 90n, 90n, true],
  ['short', 'take_profit', 90n, 89n, true],
  ['short', 'stop_loss', 110n, 109n, false],
  ['short', 'stop_loss', 110n, 110n, true],
  ['short', 'stop_loss', 110n, 111n, true],
  ['short', 'liquidation', 120n, 119n, false],
  ['short', 'liquidation', 120n, 120n, true],
  ['short', 'liquidation', 120n, 10_000n, true],
];

describe.each(IMPLEMENTATIONS)('$name', ({ create }) => {
  it('answers nothing from an empty book and ignores unknown positions', () => {
    const book = create();
    expect(book.size).toBe(0);
    expect(book.takeCrossed(BTC, 0n)).toEqual([]);
    expect(book.takeCrossed(BTC, 10n ** 30n)).toEqual([]);
    expect(book.takeCrossed(EUR, -5n)).toEqual([]);
    book.removePosition(42);
    book.setPosition(7, []);
    expect(book.size).toBe(0);
    expect(book.triggersOf(7)).toEqual([]);
  });

  it.each(CROSSING_CASES)('a %s %s at %d, ticked at %d, fires: %s', (direction, kind, level, price, fires) => {
    const book = create();
    const trigger = one(1, direction, kind, level);
    book.setPosition(1, [trigger]);
    const crossed = book.takeCrossed(BTC, price);
    expect(crossed).toEqual(fires ? [trigger] : []);
    expect(book.size).toBe(fires ? 0 : 1);
  });

  it('fires a long only through its own levels, whichever way the price goes', () => {
    const book = create();
    book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 110n, stopLoss: 90n, liquidation: 80n }));
    expect(book.takeCrossed(BTC, 100n)).toEqual([]);
    expect(book.takeCrossed(BTC, 109n)).toEqual([]);
    expect(book.takeCrossed(BTC, 91n)).toEqual([]);
    expect(book.size).toBe(3);
    expect(book.takeCrossed(BTC, 110n)).toEqual([one(1, 'long', 'take_profit', 110n)]);
    // The stop-loss and liquidation went with it: the position fired once.
    expect(book.size).toBe(0);
    expect(book.takeCrossed(BTC, 50n)).toEqual([]);
  });

  it('fires a short through its stop-loss and takes its other levels away', () => {
    const book = create();
    book.setPosition(2, levels(2, BTC, 'short', { takeProfit: 90n, stopLoss: 110n, liquidation: 120n }));
    expect(book.takeCrossed(BTC, 115n)).toEqual([one(2, 'short', 'stop_loss', 110n)]);
    expect(book.size).toBe(0);
    expect(book.takeCrossed(BTC, 200n)).toEqual([]);
    expect(book.takeCrossed(BTC, 1n)).toEqual([]);
  });

  it('returns every crossed level of a position that gaps through several, liquidation first', () => {
    const book = create();
    book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 110n, stopLoss: 90n, liquidation: 80n }));
    book.setPosition(2, levels(2, BTC, 'short', { takeProfit: 90n, stopLoss: 110n, liquidation: 120n }));
    expect(book.takeCrossed(BTC, 75n)).toEqual([
      one(1, 'long', 'liquidation', 80n),
      one(1, 'long', 'stop_loss', 90n),
      one(2, 'short', 'take_profit', 90n),
    ]);
    expect(book.size).toBe(0);
  });

  it('returns a short gapping through its stop-loss and liquidation at one level, liquidation first', () => {
    const book = create();
    book.setPosition(3, levels(3, BTC, 'short', { stopLoss: 120n, liquidation: 120n }));
    expect(book.takeCrossed(BTC, 120n)).toEqual([
      one(3, 'short', 'liquidation', 120n),
      one(3, 'short', 'stop_loss', 120n),
    ]);
    expect(book.size).toBe(0);
  });

  it('fires every position at one level, sorted by position id, and leaves the rest', () => {
    const book = create();
    for (const positionId of [9, 3, 7, 1, 5]) book.setPosition(positionId, [one(positionId, 'long', 'stop_loss', 90n)]);
    for (const positionId of [8, 2, 6]) book.setPosition(positionId, [one(positionId, 'long', 'stop_loss', 89n)]);
    book.setPosition(4, [one(4, 'short', 'take_profit', 90n)]);
    expect(book.takeCrossed(BTC, 90n).map((trigger) => trigger.positionId)).toEqual([1, 3, 4, 5, 7, 9]);
    expect(book.size).toBe(3);
    expect(book.takeCrossed(BTC, 89n).map((trigger) => trigger.positionId)).toEqual([2, 6, 8]);
    expect(book.size).toBe(0);
  });

  it('replaces a position’s levels on a second setPosition', () => {
    const book = create();
    book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 110n, stopLoss: 90n, liquidation: 80n }));
    book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 120n, liquidation: 70n }));
    expect(book.size).toBe(2);
    expect(book.triggersOf(1)).toEqual([one(1, 'long', 'liquidation', 70n), one(1, 'long', 'take_profit', 120n)]);
    expect(book.takeCrossed(BTC, 115n)).toEqual([]);
    expect(book.takeCrossed(BTC, 85n)).toEqual([]);
    expect(book.takeCrossed(BTC, 120n)).toEqual([one(1, 'long', 'take_profit', 120n)]);
    expect(book.size).toBe(0);
  });

  it('moves a position to another product when it is replaced there', () => {
    const book = create();
    book.setPosition(1, levels(1, BTC, 'long', { stopLoss: 90n }));
    book.setPosition(1, levels(1, EUR, 'short', { stopLoss: 110n }));
    expect(book.takeCrossed(BTC, 10n)).toEqual([]);
    expect(book.takeCrossed(EUR, 110n)).toEqual([{ ...one(1, 'short', 'stop_loss', 110n), productCode: EUR }]);
  });

  it('forgets a position on removePosition or an empty setPosition, and only that one', () => {
    const book = create();
    book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 110n, stopLoss: 90n }));
    book.setPosition(2, levels(2, BTC, 'long', { takeProfit: 110n, stopLoss: 90n }));
    book.setPosition(3, levels(3, BTC, 'long', { takeProfit: 110n, stopLoss: 90n }));
    book.removePosition(2);
    book.removePosition(2);
    book.setPosition(3, []);
    expect(book.size).toBe(2);
    expect(book.takeCrossed(BTC, 110n)).toEqual([one(1, 'long', 'take_profit', 110n)]);
    expect(book.size).toBe(0);
  });

  it('keeps products apart', () => {
    const book = create();
    book.setPosition(1, levels(1, BTC, 'long', { stopLoss: 90n }));
    book.setPosition(2, levels(2, EUR, 'long', { stopLoss: 90n }));
    book.setPosition(3, levels(3, 'AAPL', 'short', { stopLoss: 90n }));
    expect(book.takeCrossed('MSFT', 90n)).toEqual([]);
    expect(book.takeCrossed(EUR, 90n)).toEqual([{ ...one(2, 'long', 'stop_loss', 90n), productCode: EUR }]);
    expect(book.size).toBe(2);
    expect(book.takeCrossed('AAPL', 90n)).toEqual([{ ...one(3, 'short', 'stop_loss', 90n), productCode: 'AAPL' }]);
    expect(book.takeCrossed(BTC, 90n)).toEqual([one(1, 'long', 'stop_loss', 90n)]);
    expect(book.size).toBe(0);
  });

  it('holds copies: changing the caller’s objects afterwards changes nothing', () => {
    const book = create();
    const trigger = one(1, 'long', 'stop_loss', 90n);
    book.setPosition(1, [trigger]);
    trigger.price = 200n;
    trigger.kind = 'take_profit';
    expect(book.takeCrossed(BTC, 150n)).toEqual([]);
    expect(book.takeCrossed(BTC, 90n)).toEqual([one(1, 'long', 'stop_loss', 90n)]);
  });

  it('works with negative levels and levels at the ends of the signed 64-bit range, and any tick price', () => {
    const book = create();
    const highest = 2n ** 63n - 1n;
    book.setPosition(1, [one(1, 'long', 'liquidation', -5n)]);
    book.setPosition(2, [one(2, 'long', 'take_profit', highest)]);
    book.setPosition(3, [one(3, 'short', 'take_profit', -highest)]);
    book.setPosition(4, [one(4, 'short', 'stop_loss', highest)]);
    expect(book.takeCrossed(BTC, 0n)).toEqual([]);
    expect(book.takeCrossed(BTC, -5n)).toEqual([one(1, 'long', 'liquidation', -5n)]);
    expect(book.takeCrossed(BTC, highest - 1n)).toEqual([]);
    expect(book.takeCrossed(BTC, 10n ** 40n)).toEqual([
      one(2, 'long', 'take_profit', highest),
      one(4, 'short', 'stop_loss', highest),
    ]);
    expect(book.takeCrossed(BTC, -highest + 1n)).toEqual([]);
    expect(book.takeCrossed(BTC, -(10n ** 40n))).toEqual([one(3, 'short', 'take_profit', -highest)]);
    expect(book.size).toBe(0);
  });

  describe('bad input', () => {
    const malformed: readonly [string, number, Trigger[]][] = [
      ['a trigger of another position', 1, [one(2, 'long', 'stop_loss', 90n)]],
      ['two levels of one kind', 1, [one(1, 'long', 'stop_loss', 90n), one(1, 'long', 'stop_loss', 95n)]],
      [
        'two products',
        1,
        [one(1, 'long', 'stop_loss', 90n), { ...one(1, 'long', 'take_profit', 110n), productCode: EUR }],
      ],
      ['two directions', 1, [one(1, 'long', 'stop_loss', 90n), one(1, 'short', 'take_profit', 80n)]],
      [
        'four triggers',
        1,
        [
          one(1, 'long', 'stop_loss', 90n),
          one(1, 'long', 'take_profit', 110n),
          one(1, 'long', 'liquidation', 80n),
          one(1, 'long', 'liquidation', 70n),
        ],
      ],
      ['a fractional position id', 1.5, [one(1.5, 'long', 'stop_loss', 90n)]],
      ['an unsafe position id', 2 ** 53, [one(2 ** 53, 'long', 'stop_loss', 90n)]],
      ['an empty product code', 1, [{ ...one(1, 'long', 'stop_loss', 90n), productCode: '' }]],
      // Casts on purpose: the server builds triggers from rows, so the checks must hold at run time.
      ['an unknown kind', 1, [{ ...one(1, 'long', 'stop_loss', 90n), kind: 'trailing' as TriggerKind }]],
      ['an unknown direction', 1, [{ ...one(1, 'long', 'stop_loss', 90n), direction: 'flat' as PositionDirection }]],
      ['a price that is not a bigint', 1, [{ ...one(1, 'long', 'stop_loss', 90n), price: 90 as unknown as bigint }]],
      ['a level above the signed 64-bit range', 1, [one(1, 'long', 'take_profit', 2n ** 63n)]],
      ['a level at the lowest signed 64-bit value', 1, [one(1, 'short', 'take_profit', -(2n ** 63n))]],
    ];

    it.each(malformed)('refuses %s and changes nothing', (_, positionId, triggers) => {
      const book = create();
      book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 110n, stopLoss: 90n }));
      expect(() => book.setPosition(positionId, triggers)).toThrow(TriggerBookError);
      expect(book.size).toBe(2);
      expect(book.triggersOf(1)).toEqual([one(1, 'long', 'stop_loss', 90n), one(1, 'long', 'take_profit', 110n)]);
      expect(book.takeCrossed(BTC, 90n)).toEqual([one(1, 'long', 'stop_loss', 90n)]);
    });

    it('refuses to grow past its capacity, counting what a replacement frees', () => {
      const book = create(4);
      book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 110n, stopLoss: 90n }));
      book.setPosition(2, levels(2, BTC, 'long', { takeProfit: 110n, stopLoss: 90n }));
      expect(() => book.setPosition(3, [one(3, 'long', 'stop_loss', 90n)])).toThrow(TriggerBookError);
      expect(book.size).toBe(4);
      expect(book.triggersOf(3)).toEqual([]);
      book.setPosition(2, [one(2, 'long', 'stop_loss', 95n)]);
      book.setPosition(3, [one(3, 'long', 'stop_loss', 90n)]);
      expect(() =>
        book.setPosition(1, levels(1, BTC, 'long', { takeProfit: 1n, stopLoss: 2n, liquidation: 3n })),
      ).toThrow(TriggerBookError);
      expect(book.size).toBe(4);
      expect(book.triggersOf(1)).toHaveLength(2);
    });

    it('refuses a negative or fractional capacity', () => {
      expect(() => create(-1)).toThrow(TriggerBookError);
      expect(() => create(0.5)).toThrow(TriggerBookError);
    });
  });
});

describe('TriggerIndex structure', () => {
  it('drops a product once its last trigger goes, so products that come and go do not accumulate', () => {
    const book = new TriggerIndex();
    for (let month = 1; month <= 12; month++) {
      const productCode = `ESM${month}`;
      book.setPosition(month, levels(month, productCode, 'long', { stopLoss: 90n, takeProfit: 110n }));
      expect(book.productCount).toBe(1);
      if (month % 2 === 0) book.removePosition(month);
      else expect(book.takeCrossed(productCode, 90n)).toHaveLength(1);
      expect(book.productCount).toBe(0);
      book.assertInvariants();
    }
    expect(book.positionCount).toBe(0);
  });

  it('stays balanced and consistent through 20,000 positions and their firing', () => {
    const book = new TriggerIndex();
    const count = 20_000;
    for (let positionId = 1; positionId <= count; positionId++) {
      // Levels spread over 1..1000 in a scrambled order, both directions.
      const price = BigInt(((positionId * 7_919) % 1_000) + 1);
      const direction: PositionDirection = positionId % 2 === 0 ? 'long' : 'short';
      book.setPosition(
        positionId,
        direction === 'long'
          ? levels(positionId, BTC, 'long', { takeProfit: price + 50n, stopLoss: price, liquidation: price - 20n })
          : levels(positionId, BTC, 'short', { takeProfit: price - 50n, stopLoss: price, liquidation: price + 20n }),
      );
    }
    book.assertInvariants();
    expect(book.size).toBe(3 * count);
    let fired = 0;
    for (const price of [500n, 520n, 480n, 700n, 300n, 0n, 2_000n]) {
      const crossed = book.takeCrossed(BTC, price);
      fired += new Set(crossed.map((trigger) => trigger.positionId)).size;
      for (let index = 1; index < crossed.length; index++) {
        const previous = crossed[index - 1]!;
        const current = crossed[index]!;
        expect(previous.positionId <= current.positionId).toBe(true);
      }
      book.assertInvariants();
      expect(book.size).toBe(3 * (count - fired));
    }
    expect(fired).toBe(count);
    expect(book.productCount).toBe(0);
  });
});
