/**
 * The benchmark's synthetic market, all from seeds: products with reference prices and volatilities,
 * open positions whose levels sit around the current price the way real ones do, and a random-walk
 * tick stream. Floating point is fine here: it only shapes test data, and every level and tick is
 * rounded to whole price units (bigint) before a trigger book sees it.
 */
import type { PositionDirection, Trigger } from '../../packages/domain/src/trading/index';
import { seededRandom } from '../orderbook/stream';

export const MARKET_SETTINGS = {
  seed: 20_260_105,
  productCount: 50,
  /** Reference prices are 10^4 .. 10^8 price units (e.g. 100.00 .. 1,000,000.00 at scale 2). */
  lowestReferenceExponent: 4,
  highestReferenceExponent: 8,
  /** Per-tick volatility of a product, as a fraction of its price. */
  lowestTickVolatility: 0.0001,
  highestTickVolatility: 0.0005,
  /** Pull back toward the reference per tick of that product, so prices wander but stay realistic. */
  meanReversion: 0.001,
  /** Leverages and how often positions use them. */
  leverages: [1, 2, 3, 5, 10, 20, 50, 100] as const,
  leverageWeights: [5, 10, 10, 20, 25, 15, 10, 5] as const,
  /** Maintenance margin: a position is liquidated this far before it loses its whole margin. */
  maintenanceMargin: 0.005,
  /** Positions were opened at earlier prices: their liquidation distance varies by this factor's log (σ). */
  entryOffsetSigma: 0.3,
  /** Take-profit and stop-loss distances are log-uniform between these fractions of the price. */
  nearestLevel: 0.0025,
  farthestTakeProfit: 0.2,
  farthestStopLoss: 0.15,
  /** Which levels a position has besides its liquidation: both, take-profit only, stop-loss only. */
  bothLevelsChance: 0.4,
  takeProfitOnlyChance: 0.3,
} as const;

export interface Product {
  readonly code: string;
  readonly referencePrice: number;
  readonly tickVolatility: number;
}

/** A standard normal variate from two uniform ones (Box-Muller). */
function normal(random: () => number): number {
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  return radius * Math.cos(2 * Math.PI * random());
}

function logUniform(random: () => number, lowest: number, highest: number): number {
  return lowest * Math.exp(random() * Math.log(highest / lowest));
}

export function generateProducts(seed: number = MARKET_SETTINGS.seed): Product[] {
  const random = seededRandom(seed);
  const products: Product[] = [];
  for (let index = 0; index < MARKET_SETTINGS.productCount; index++) {
    const exponent =
      MARKET_SETTINGS.lowestReferenceExponent +
      random() * (MARKET_SETTINGS.highestReferenceExponent - MARKET_SETTINGS.lowestReferenceExponent);
    products.push({
      code: `BENCH:P${String(index).padStart(2, '0')}`,
      referencePrice: Math.round(10 ** exponent),
      tickVolatility:
        MARKET_SETTINGS.lowestTickVolatility +
        random() * (MARKET_SETTINGS.highestTickVolatility - MARKET_SETTINGS.lowestTickVolatility),
    });
  }
  return products;
}

function pickLeverage(random: () => number): number {
  const total = MARKET_SETTINGS.leverageWeights.reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (let index = 0; index < MARKET_SETTINGS.leverages.length; index++) {
    roll -= MARKET_SETTINGS.leverageWeights[index] ?? 0;
    if (roll < 0) return MARKET_SETTINGS.leverages[index] ?? 1;
  }
  return 1;
}

/**
 * Makes open positions around a product's current price: long or short, a liquidation level at the
 * leverage's distance (shifted by where the position was opened), a take-profit and/or a stop-loss,
 * every level on the side of the price it has not crossed yet. Hands out ids 1, 2, 3...
 */
export class PositionFactory {
  private readonly random: () => number;
  private nextPositionId = 1;

  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  create(product: Product, currentPrice: number): Trigger[] {
    const random = this.random;
    const positionId = this.nextPositionId++;
    const direction: PositionDirection = random() < 0.5 ? 'long' : 'short';
    const sign = direction === 'long' ? 1 : -1;
    const leverage = pickLeverage(random);
    // Where the position was opened moves its liquidation level (log-normally: a position whose level
    // the price already crossed would not be open any more).
    const liquidationDistance = Math.min(
      0.995,
      Math.max(
        MARKET_SETTINGS.nearestLevel / 2,
        (1 / leverage - MARKET_SETTINGS.maintenanceMargin) *
          Math.exp(MARKET_SETTINGS.entryOffsetSigma * normal(random)),
      ),
    );
    const shape = random();
    const hasTakeProfit = shape < MARKET_SETTINGS.bothLevelsChance + MARKET_SETTINGS.takeProfitOnlyChance;
    const hasStopLoss = shape < MARKET_SETTINGS.bothLevelsChance || !hasTakeProfit;
    const productCode = product.code;
    const triggers: Trigger[] = [
      {
        positionId,
        productCode,
        direction,
        kind: 'liquidation',
        price: levelAt(currentPrice, -sign, liquidationDistance),
      },
    ];
    if (hasTakeProfit) {
      const distance = logUniform(random, MARKET_SETTINGS.nearestLevel, MARKET_SETTINGS.farthestTakeProfit);
      triggers.push({
        positionId,
        productCode,
        direction,
        kind: 'take_profit',
        price: levelAt(currentPrice, sign, distance),
      });
    }
    if (hasStopLoss) {
      const farthest = Math.min(MARKET_SETTINGS.farthestStopLoss, 0.95 * liquidationDistance);
      const distance = logUniform(random, Math.min(MARKET_SETTINGS.nearestLevel, farthest), farthest);
      triggers.push({
        positionId,
        productCode,
        direction,
        kind: 'stop_loss',
        price: levelAt(currentPrice, -sign, distance),
      });
    }
    return triggers;
  }
}

/** The level `distance` (a fraction) above (+1) or below (-1) the price, at least one unit away and positive. */
function levelAt(currentPrice: number, towards: number, distance: number): bigint {
  const offset = Math.max(1, Math.round(currentPrice * distance));
  return BigInt(Math.max(1, Math.round(currentPrice) + towards * offset));
}

export interface TickStream {
  readonly count: number;
  /** Index into the product list, per tick. */
  readonly products: Uint8Array;
  readonly prices: BigInt64Array;
}

/** Each tick moves one random product's price one step of its mean-reverting random walk. */
export function generateTicks(products: readonly Product[], count: number, seed: number): TickStream {
  const random = seededRandom(seed);
  const current = products.map((product) => product.referencePrice);
  const tickProducts = new Uint8Array(count);
  const tickPrices = new BigInt64Array(count);
  for (let index = 0; index < count; index++) {
    const productIndex = Math.floor(random() * products.length);
    const product = products[productIndex];
    const price = current[productIndex];
    if (product === undefined || price === undefined) throw new Error('product index out of range');
    const next = Math.max(
      1,
      price * (1 + product.tickVolatility * normal(random)) +
        MARKET_SETTINGS.meanReversion * (product.referencePrice - price),
    );
    current[productIndex] = next;
    tickProducts[index] = productIndex;
    tickPrices[index] = BigInt(Math.round(next));
  }
  return { count, products: tickProducts, prices: tickPrices };
}
