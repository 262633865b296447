/**
 * What the market maker wants on the book, and what it must cancel and place to get there. Pure: the
 * reference price, the pair's steps and its own open orders decide. Prices and volumes are integer
 * units at the pair's scales, parsed from the API's decimal strings.
 */
import { parseDecimal } from '@kestrel/domain';

export interface QuotingSettings {
  /** Levels per side. */
  levels: number;
  /** Distance of the first level from the reference price, in basis points. */
  firstLevelBasisPoints: number;
  /** Distance between levels, in basis points. */
  levelGapBasisPoints: number;
  /** USDT worth of each level, times the level's number (1, 2, 3...): deeper levels are larger. */
  levelNotional: string;
  /**
   * An order within this many basis points of its target price is kept, so quotes are not churned on
   * every tick; a deeper level keeps its order within half its distance from the reference, when that is
   * more (see reconcileQuotes).
   */
  toleranceBasisPoints: number;
}

export const DEFAULT_SETTINGS: QuotingSettings = {
  levels: 3,
  firstLevelBasisPoints: 10,
  levelGapBasisPoints: 15,
  levelNotional: '300',
  toleranceBasisPoints: 6,
};

export interface PairSteps {
  priceScale: number;
  volumeScale: number;
  tick: bigint;
  step: bigint;
  minimum: bigint;
}

export interface Quote {
  side: 'buy' | 'sell';
  price: bigint;
  volume: bigint;
  /** How far from the reference this level is meant to sit, in basis points. */
  distanceBasisPoints: number;
}

export interface OpenQuote {
  id: number;
  side: 'buy' | 'sell';
  price: bigint;
  remaining: bigint;
}

const BASIS = 10_000n;

/** Bids rounded down to the tick, asks up: the market maker never quotes inside its own target. */
export function targetQuotes(reference: bigint, steps: PairSteps, settings: QuotingSettings): Quote[] {
  const quotes: Quote[] = [];
  const notionalPerLevel = parseDecimal(settings.levelNotional, steps.priceScale + steps.volumeScale);
  for (let level = 0; level < settings.levels; level += 1) {
    const distance = BigInt(settings.firstLevelBasisPoints + level * settings.levelGapBasisPoints);
    const bid = ((reference * (BASIS - distance)) / BASIS / steps.tick) * steps.tick;
    const askRaw = (reference * (BASIS + distance) + BASIS - 1n) / BASIS;
    const ask = ((askRaw + steps.tick - 1n) / steps.tick) * steps.tick;
    for (const [side, price] of [
      ['buy', bid],
      ['sell', ask],
    ] as const) {
      if (price <= 0n) continue;
      // notional (at priceScale + volumeScale) / price (at priceScale) = volume at volumeScale.
      const raw = (notionalPerLevel * BigInt(level + 1)) / price;
      const volume = (raw / steps.step) * steps.step;
      quotes.push({
        side,
        price,
        volume: volume < steps.minimum ? steps.minimum : volume,
        distanceBasisPoints: Number(distance),
      });
    }
  }
  return quotes;
}

/**
 * Keeps each open order that sits within the tolerance of an unclaimed target of its side and still has
 * at least half the target's volume; cancels the rest; places the targets nobody claimed. Bounded: the
 * result never leaves more than `levels` orders per side.
 *
 * The tolerance is the setting's, or half the target's distance from the reference when that is more:
 * an order that close still sits on its side of the reference, and the deeper levels, which nobody is
 * about to trade against, are not cancelled and placed again on every small move. Each requote is two
 * real ledger entries (a release and a freeze), so this is most of what an idle server stores.
 */
export function reconcileQuotes(
  targets: readonly Quote[],
  open: readonly OpenQuote[],
  settings: QuotingSettings,
): { cancel: OpenQuote[]; place: Quote[] } {
  const unclaimed = [...targets];
  const cancel: OpenQuote[] = [];
  const toleranceOf = (target: Quote) =>
    BigInt(Math.max(settings.toleranceBasisPoints, Math.floor(target.distanceBasisPoints / 2)));
  for (const order of open) {
    const index = unclaimed.findIndex(
      (target) =>
        target.side === order.side &&
        (target.price > order.price ? target.price - order.price : order.price - target.price) <=
          (order.price * toleranceOf(target)) / BASIS &&
        order.remaining * 2n >= target.volume,
    );
    if (index === -1) cancel.push(order);
    else unclaimed.splice(index, 1);
  }
  return { cancel, place: unclaimed };
}
