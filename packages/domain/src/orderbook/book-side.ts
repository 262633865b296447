/**
 * One side's price levels: an AVL tree for order (price-tree.ts) plus the best level cached, because
 * matching asks for it on every pass and a new best price (an order improving the spread) is common.
 * Finding, adding and dropping a level are O(log levels) in the worst case, however deep the book.
 */
import { PriceLevel } from './price-level';
import { PriceTree } from './price-tree';
import type { OrderSide } from './types';

export class BookSide {
  private readonly tree = new PriceTree();
  private bestLevel: PriceLevel | undefined = undefined;

  constructor(readonly side: OrderSide) {}

  /** True when `price` is strictly better than `other` for this side (higher bid, lower ask). */
  isBetter(price: bigint, other: bigint): boolean {
    return this.side === 'buy' ? price > other : price < other;
  }

  best(): PriceLevel | undefined {
    return this.bestLevel;
  }

  levelCount(): number {
    return this.tree.size();
  }

  /** The level at `price`, created when there is none. */
  levelFor(price: bigint): PriceLevel {
    const best = this.bestLevel;
    if (best !== undefined && best.price === price) return best;
    const existing = best === undefined ? undefined : this.tree.find(price);
    if (existing !== undefined) return existing;
    const level = new PriceLevel(price);
    this.tree.insert(level);
    if (best === undefined || this.isBetter(price, best.price)) this.bestLevel = level;
    return level;
  }

  /** Drops a level (matching and cancels drop them as soon as they empty). */
  removeLevel(level: PriceLevel): void {
    this.tree.remove(level.price);
    if (this.bestLevel === level) this.bestLevel = this.side === 'buy' ? this.tree.highest() : this.tree.lowest();
  }

  /** Visits levels from the best outward until `visit` returns false or `limit` levels were seen. */
  walkFromBest(limit: number, visit: (level: PriceLevel) => boolean): void {
    this.tree.walk(this.side === 'buy', limit, visit);
  }
}
