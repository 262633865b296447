import type { Product } from '@kestrel/contract/web';
import { compareScaled, parseDecimal } from '@kestrel/domain';

/** SPEC §3: home keeps two rankings, by changeRate and by nowPrice, both descending. */
export type RankingKey = 'changeRate' | 'nowPrice';

export const RANKING_SIZE = 10;

function scaleOf(text: string): number {
  return (text.split('.')[1] ?? '').length;
}

/** Exact comparison of two decimal strings (no floating point); unreadable values sort last. */
function compareDecimals(a: string | undefined, b: string | undefined): number {
  const readable = (text: string | undefined) => text !== undefined && /^-?\d+(\.\d+)?$/.test(text);
  if (!readable(a)) return readable(b) ? -1 : 0;
  if (!readable(b)) return 1;
  const left = a as string;
  const right = b as string;
  return compareScaled(
    parseDecimal(left, scaleOf(left)),
    scaleOf(left),
    parseDecimal(right, scaleOf(right)),
    scaleOf(right),
  );
}

/** The top products by a ticker field, highest first; ties keep the list's order. */
export function rankProducts(products: readonly Product[], key: RankingKey, size = RANKING_SIZE): Product[] {
  return products
    .map((product, position) => ({ product, position }))
    .sort(
      (a, b) => compareDecimals(b.product.tickerInfo?.[key], a.product.tickerInfo?.[key]) || a.position - b.position,
    )
    .slice(0, size)
    .map(({ product }) => product);
}
