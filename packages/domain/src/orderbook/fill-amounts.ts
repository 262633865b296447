/**
 * The money of one fill: quote amount and fees, and the budget arithmetic of market buys by quote.
 *
 * fee = multiply(quoteAmount, priceScale + sizeScale, rate, FEE_RATE_SCALE, quoteScale, 'up'), i.e. the
 * customer pays, so it rounds up (DESIGN.md §2). The engine runs this on every fill, so the power of ten
 * is computed once per book, and so are rate x widening factor; a fee is then one multiplication and one
 * division rounding up; a test checks that the result equals `multiply` for every input.
 * (Computing fees on Numbers when they are safe was measured and dropped: on Node 20 a BigInt product
 * and quotient of small values cost about 12 ns together, BigInt(aDouble) alone about 45 ns.)
 */
import { rescale } from '../decimal';
import { divideWithRounding, HOUSE_ROUNDING } from '../rounding';
import { FEE_RATE_SCALE, type PairConfig } from './types';

export class FillAmounts {
  /** The scale of price x size. */
  readonly quoteAmountScale: number;
  /** quoteAmount x rate is at quoteAmountScale + 6; dividing by this brings it to quoteScale (when the gap is positive). */
  private readonly feeDivisor: bigint;
  /** feeDivisor - 1: ceil(n / d) = floor((n + d - 1) / d) for n >= 0. */
  private readonly feeDivisorMinusOne: bigint;
  /** rate x (10^-gap when quoteScale is finer than quoteAmountScale + 6, else 1): the product is widened exactly. */
  private readonly makerFeeFactor: bigint;
  private readonly takerFeeFactor: bigint;

  constructor(private readonly config: PairConfig) {
    this.quoteAmountScale = config.priceScale + config.sizeScale;
    const gap = this.quoteAmountScale + FEE_RATE_SCALE - config.quoteScale;
    this.feeDivisor = gap > 0 ? 10n ** BigInt(gap) : 1n;
    this.feeDivisorMinusOne = this.feeDivisor - 1n;
    const feeMultiplier = gap < 0 ? 10n ** BigInt(-gap) : 1n;
    this.makerFeeFactor = config.makerFeeRate * feeMultiplier;
    this.takerFeeFactor = config.takerFeeRate * feeMultiplier;
  }

  quoteAmount(price: bigint, size: bigint): bigint {
    return price * size;
  }

  makerFee(quoteAmount: bigint): bigint {
    return this.fee(quoteAmount, this.makerFeeFactor);
  }

  takerFee(quoteAmount: bigint): bigint {
    return this.fee(quoteAmount, this.takerFeeFactor);
  }

  private fee(quoteAmount: bigint, factor: bigint): bigint {
    if (factor === 0n) return 0n;
    const product = quoteAmount * factor;
    // Fills' quote amounts are never negative; the general rounding stays for any other input.
    if (product < 0n) return divideWithRounding(product, this.feeDivisor, HOUSE_ROUNDING.customerPays);
    return (product + this.feeDivisorMinusOne) / this.feeDivisor;
  }

  /**
   * A market buy's budget (quoteScale) at the quote amount scale, so it compares with fills exactly.
   * Narrowing rounds down: the taker can never spend more than it offered.
   */
  budgetAtQuoteAmountScale(quoteAmount: bigint): bigint {
    return rescale(quoteAmount, this.config.quoteScale, this.quoteAmountScale, HOUSE_ROUNDING.customerReceives);
  }

  /** The largest whole number of size steps that `budget` (quote amount scale) buys at `price`. */
  affordableSize(budget: bigint, price: bigint): bigint {
    const units = divideWithRounding(budget, price, 'down'); // never spend past the budget
    return units - (units % this.config.sizeStep);
  }
}
