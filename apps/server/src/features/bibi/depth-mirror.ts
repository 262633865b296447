/**
 * The committed levels of one book, kept beside the engine: size, order count and the market maker's
 * part of each price level. The engine answers "the best N levels"; this answers "what is at price P
 * now", which is what an incremental depth update needs, and how much of a level is the market maker's,
 * which the engine does not know. It is changed only after a command commits, from the command's result,
 * so it never shows a state the database does not have.
 */
import type { CommandResult, OpenOrder, OrderSide } from '@kestrel/domain';

export interface MirrorLevel {
  size: bigint;
  count: number;
  marketMakerSize: bigint;
}

export interface LevelChange {
  side: OrderSide;
  price: bigint;
  level: MirrorLevel;
}

const EMPTY: MirrorLevel = { size: 0n, count: 0, marketMakerSize: 0n };

export class DepthMirror {
  private readonly sides: Record<OrderSide, Map<bigint, MirrorLevel>> = { buy: new Map(), sell: new Map() };

  constructor(private readonly isMarketMaker: (owner: string) => boolean) {}

  /** Rebuilds from the resting orders (after a start or a rebuild). */
  reset(orders: readonly OpenOrder[]): void {
    this.sides.buy.clear();
    this.sides.sell.clear();
    for (const order of orders) this.add(order.side, order.price, order.remainingSize, 1, order.owner);
  }

  level(side: OrderSide, price: bigint): MirrorLevel {
    return this.sides[side].get(price) ?? EMPTY;
  }

  levelCount(side: OrderSide): number {
    return this.sides[side].size;
  }

  /**
   * Applies an accepted command's result; returns the levels it touched with their new totals (a total
   * of 0 means the level is gone). `placed` is the placement's own side, price and owner.
   */
  apply(result: CommandResult, placed: { side: OrderSide; price: bigint | null; owner: string } | null): LevelChange[] {
    if (!result.ok) return [];
    const touched = new Map<string, { side: OrderSide; price: bigint }>();
    const touch = (side: OrderSide, price: bigint) => touched.set(`${side}:${price}`, { side, price });
    if (result.type === 'cancel') {
      this.add(result.side, result.price, -result.cancelledSize, -1, result.owner);
      touch(result.side, result.price);
    } else {
      for (const cancelled of result.selfTradeCancels) {
        this.add(cancelled.side, cancelled.price, -cancelled.cancelledSize, -1, cancelled.owner);
        touch(cancelled.side, cancelled.price);
      }
      for (const fill of result.fills) {
        const makerSide: OrderSide = fill.takerSide === 'buy' ? 'sell' : 'buy';
        this.add(makerSide, fill.price, -fill.size, fill.makerRemainingSize === 0n ? -1 : 0, fill.makerOwner);
        touch(makerSide, fill.price);
      }
      if (placed && placed.price !== null && result.restingSize > 0n) {
        this.add(placed.side, placed.price, result.restingSize, 1, placed.owner);
        touch(placed.side, placed.price);
      }
    }
    return [...touched.values()].map(({ side, price }) => ({ side, price, level: this.level(side, price) }));
  }

  private add(side: OrderSide, price: bigint, size: bigint, count: number, owner: string): void {
    const levels = this.sides[side];
    const current = levels.get(price) ?? EMPTY;
    const next: MirrorLevel = {
      size: current.size + size,
      count: current.count + count,
      marketMakerSize: current.marketMakerSize + (this.isMarketMaker(owner) ? size : 0n),
    };
    if (next.size < 0n || next.count < 0 || next.marketMakerSize < 0n)
      throw new Error(`depth mirror went negative at ${side} ${price}: the mirror and the book disagree`);
    if (next.count === 0 && (next.size !== 0n || next.marketMakerSize !== 0n))
      throw new Error(`depth mirror emptied a level that still has size at ${side} ${price}`);
    if (next.count === 0) levels.delete(price);
    else levels.set(price, next);
  }
}
