/**
 * The overview's totals over the active orders, per currency and exact: principal locked, yield
 * accrued so far, and what holding every order to maturity pays.
 */
import type { staking } from '@kestrel/contract/web';
import { parseScaled, textOf, type Scaled } from '../../../shared/invest/decimals';

export interface CurrencyTotals {
  currencyName: string;
  orders: number;
  principal: string;
  accrued: string;
  expected: string;
}

function add(sum: Scaled, text: string): Scaled {
  const value = parseScaled(text);
  if (!value) return sum;
  const scale = Math.max(sum.scale, value.scale);
  return {
    units: sum.units * 10n ** BigInt(scale - sum.scale) + value.units * 10n ** BigInt(scale - value.scale),
    scale,
  };
}

/** One line per currency, in the order the currencies first appear (newest order first). */
export function totalsByCurrency(orders: readonly staking.StakingOrderRecord[]): CurrencyTotals[] {
  const sums = new Map<string, { orders: number; principal: Scaled; accrued: Scaled; expected: Scaled }>();
  const zero = (): Scaled => ({ units: 0n, scale: 0 });
  for (const order of orders) {
    const sum = sums.get(order.currencyName) ?? { orders: 0, principal: zero(), accrued: zero(), expected: zero() };
    sums.set(order.currencyName, {
      orders: sum.orders + 1,
      principal: add(sum.principal, order.buyPrice),
      accrued: add(sum.accrued, order.accruedYield),
      expected: add(sum.expected, order.expectedYield),
    });
  }
  return [...sums].map(([currencyName, sum]) => ({
    currencyName,
    orders: sum.orders,
    principal: textOf(sum.principal),
    accrued: textOf(sum.accrued),
    expected: textOf(sum.expected),
  }));
}

/** The customer's active principal per product, as text (summed exactly), for the per-customer maximum. */
export function activeByProduct(orders: readonly staking.StakingOrderRecord[]): Map<number, string> {
  const sums = new Map<number, Scaled>();
  for (const order of orders)
    sums.set(order.productId, add(sums.get(order.productId) ?? { units: 0n, scale: 0 }, order.buyPrice));
  return new Map([...sums].map(([productId, sum]) => [productId, textOf(sum)]));
}
