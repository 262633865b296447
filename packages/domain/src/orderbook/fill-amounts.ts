/**
 * The money of one fill: quote amount and fees, and the budget arithmetic of market buys by quote.
 *
 * fee = multiply(quoteAmount, priceScale + sizeScale, rate, FEE_RATE_SCALE, quoteScale, 'up'), i.e. the
 * customer pays, so it rounds up (DESIGN.md §2). The engine runs this on every fill, so the power of ten
 * is computed once per book and the division goes straight to divideWithRounding; a test checks that the
 * result equals `multiply` for every input.
 */
import { rescale } from '../decimal';
import { divideWithRounding, HOUSE_ROUNDING } from '../rounding';
import { FEE_RATE_SCALE, type PairConfig } from './types';

export class FillAmounts {
  /** The scale of price x size. */
  readonly quoteAmountScale: number;
  /** quoteAmount x rate is at quoteAmountScale + 6; dividing by this brings it to quoteScale (when the gap is positive). */
  private readonly feeDivisor: bigint;
  /** When quoteScale is finer than quoteAmountScale + 6 the product is widened exactly instead. */
  private readonly feeMultiplier: bigint;

  constructor(private readonly config: PairConfig) {
    this.quoteAmountScale = config.priceScale + config.sizeScale;
    const gap = this.quoteAmountScale + FEE_RATE_SCALE - config.quoteScale;
    this.feeDivisor = gap > 0 ? 10n ** BigInt(gap) : 1n;
    this.feeMultiplier = gap < 0 ? 10n ** BigInt(-gap) : 1n;
  }

  quoteAmount(price: bigint, size: bigint): bigint {
    return price * size;
  }

  makerFee(quoteAmount: bigint): bigint {
    return this.fee(quoteAmount, this.config.makerFeeRate);
  }

  takerFee(quoteAmount: bigint): bigint {
    return this.fee(quoteAmount, this.config.takerFeeRate);
  }

  private fee(quoteAmount: bigint, rate: bigint): bigint {
    if (rate === 0n) return 0n;
    return divideWithRounding(quoteAmount * rate * this.feeMultiplier, this.feeDivisor, HOUSE_ROUNDING.customerPays);
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
