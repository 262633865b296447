import type { Product } from '@kestrel/contract/web';
import { describe, expect, it } from 'vitest';
import { rankProducts } from './rankings';

const product = (productCode: string, nowPrice: string, changeRate: string) =>
  ({ productCode, tickerInfo: { nowPrice, changeRate } }) as unknown as Product;

describe('SPEC §3 home rankings', () => {
  const rows = [
    product('AAPL', '270.00', '-0.50'),
    product('X:BTCUSD', '105040.75', '0.58'),
    product('C:EURUSD', '1.16000', '0.58'),
    product('NVDA', '190.00', '3.10'),
    product('X:DOGEUSD', '0.20025', '-2.75'),
  ];

  it('ranks by change rate, highest first, ties in list order', () => {
    expect(rankProducts(rows, 'changeRate').map((row) => row.productCode)).toEqual([
      'NVDA',
      'X:BTCUSD',
      'C:EURUSD',
      'AAPL',
      'X:DOGEUSD',
    ]);
  });

  it('ranks by price exactly, whatever the decimals (no floating point)', () => {
    expect(rankProducts(rows, 'nowPrice').map((row) => row.productCode)).toEqual([
      'X:BTCUSD',
      'AAPL',
      'NVDA',
      'C:EURUSD',
      'X:DOGEUSD',
    ]);
    const close = [product('A', '0.30000000000000004', '0'), product('B', '0.3', '0')];
    expect(rankProducts(close, 'nowPrice').map((row) => row.productCode)).toEqual(['A', 'B']);
  });

  it('keeps the top 10 and puts rows without a ticker last', () => {
    const many = Array.from({ length: 12 }, (_, index) => product(`P${index}`, String(index + 1), '0'));
    const ranked = rankProducts([{ productCode: 'NONE', tickerInfo: null } as unknown as Product, ...many], 'nowPrice');
    expect(ranked).toHaveLength(10);
    expect(ranked[0]?.productCode).toBe('P11');
    expect(
      rankProducts(
        [{ productCode: 'NONE', tickerInfo: null } as unknown as Product, product('A', '1', '0')],
        'nowPrice',
      ).map((row) => row.productCode),
    ).toEqual(['A', 'NONE']);
  });
});
