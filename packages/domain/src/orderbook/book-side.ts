/**
 * One side's price levels: an AVL tree for order (price-tree.ts) plus the best level cached, because
 * matching asks for it on every pass and a new best price (an order improving the spread) is common.
 * Adding and dropping a level are O(log levels) in the worst case, however deep the book; finding one
 * is a Map lookup (safe-integer prices) or O(log levels) in the tree (larger ones).
 */
import { PriceLevel } from './price-level';
import { PriceTree } from './price-tree';
import type { OrderSide } from './types';

export class BookSide {
  private readonly tree = new PriceTree();
  /**
   * The same levels by key, for prices that are safe integers (their keys are exact and distinct):
   * finding the level of a resting order is one Map lookup instead of a walk down the tree. Levels are
   * created and dropped far less often than orders rest (about one in twenty orders in the benchmark),
   * so keeping both costs little. Larger prices are found in the tree.
   */
  private readonly levelsByKey = new Map<number, PriceLevel>();
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
    // One conversion, then the tree compares doubles (see PriceLevel.key).
    const key = Number(price);
    if (best !== undefined && best.key === key && best.price === price) return best;
    const safe = key <= Number.MAX_SAFE_INTEGER;
    const existing = safe ? this.levelsByKey.get(key) : this.tree.find(price, key);
    if (existing !== undefined) return existing;
    const level = new PriceLevel(price, key);
    this.tree.insert(level);
    if (safe) this.levelsByKey.set(key, level);
    if (best === undefined || this.isBetter(price, best.price)) this.bestLevel = level;
    return level;
  }

  /** Drops a level (matching and cancels drop them as soon as they empty). */
  removeLevel(level: PriceLevel): void {
    this.tree.removeLevel(level);
    if (level.key <= Number.MAX_SAFE_INTEGER && this.levelsByKey.get(level.key) === level) {
      this.levelsByKey.delete(level.key);
    }
    if (this.bestLevel === level) this.bestLevel = this.side === 'buy' ? this.tree.highest() : this.tree.lowest();
  }

  /** Visits levels from the best outward until `visit` returns false or `limit` levels were seen. */
  walkFromBest(limit: number, visit: (level: PriceLevel) => boolean): void {
    this.tree.walk(this.side === 'buy', limit, visit);
  }
}
