import { describe, expect, it } from 'vitest';
import {
  analyseFeeRemark,
  classifyFeeRemark,
  EXCHANGE_TYPES,
  feeRemark,
  FeeNotConfiguredError,
  findFeeRate,
  POSITION_TYPES,
  PRODUCT_TYPES,
  type FeeKey,
} from './fees';

describe('feeRemark', () => {
  it('builds the canonical bilingual remark', () => {
    expect(feeRemark(1, 1, 1)).toBe('US stock contract buy fee · 美股合约买入手续费');
    expect(feeRemark(2, 3, 2)).toBe('crypto coin-to-coin sell fee · 数字货币币币卖出手续费');
    expect(feeRemark(4, 0, 2)).toBe('forex fast sell fee · 外汇秒合约卖出手续费');
  });

  const combinations = PRODUCT_TYPES.flatMap((productType) =>
    POSITION_TYPES.flatMap((positionType) =>
      EXCHANGE_TYPES.map((exchangeType): FeeKey => ({ productType, positionType, exchangeType })),
    ),
  );

  it('covers 4 x 4 x 2 distinct combinations', () => {
    expect(combinations).toHaveLength(32);
    expect(
      new Set(combinations.map((key) => feeRemark(key.productType, key.positionType, key.exchangeType))).size,
    ).toBe(32);
  });

  it.each(combinations)('round-trips %j through classifyFeeRemark', (key) => {
    const remark = feeRemark(key.productType, key.positionType, key.exchangeType);
    expect(classifyFeeRemark(remark)).toEqual(key);
    // Each half on its own classifies the same way: the English and the Chinese agree.
    const [english = '', chinese = ''] = remark.split(' · ');
    expect(classifyFeeRemark(english)).toEqual(key);
    expect(classifyFeeRemark(chinese)).toEqual(key);
  });
});

describe('classifyFeeRemark', () => {
  it.each([
    ['US Stock Contract BUY', { productType: 1, positionType: 1, exchangeType: 1 }],
    ['us-stocks spot selling fee', { productType: 1, positionType: 2, exchangeType: 2 }],
    ['Crypto quick buy', { productType: 2, positionType: 0, exchangeType: 1 }],
    ['cryptocurrency bibi sell', { productType: 2, positionType: 3, exchangeType: 2 }],
    ['crypto coin to coin buy', { productType: 2, positionType: 3, exchangeType: 1 }],
    ['crypto COIN_TO_COIN buy', { productType: 2, positionType: 3, exchangeType: 1 }],
    ['Futures contract sell', { productType: 3, positionType: 1, exchangeType: 2 }],
    ['FOREX fast contract buy', { productType: 4, positionType: 0, exchangeType: 1 }], // "fast contract" covers "contract"
    ['forex quick contracts sell', { productType: 4, positionType: 0, exchangeType: 2 }],
    ['美股秒合约买入', { productType: 1, positionType: 0, exchangeType: 1 }], // "秒合约" covers "合约"
    ['加密货币现货卖出', { productType: 2, positionType: 2, exchangeType: 2 }],
    ['期货快捷买', { productType: 3, positionType: 0, exchangeType: 1 }],
    ['外汇合约卖出手续费', { productType: 4, positionType: 1, exchangeType: 2 }],
    ['数字货币币币买入', { productType: 2, positionType: 3, exchangeType: 1 }],
    ['ＵＳ ｓｔｏｃｋ ｓｐｏｔ ｂｕｙ', { productType: 1, positionType: 2, exchangeType: 1 }], // full-width letters
    ['美股 contract sell 手续费', { productType: 1, positionType: 1, exchangeType: 2 }], // mixed languages
  ] as const)('%j -> %j', (remark, expected) => {
    expect(classifyFeeRemark(remark)).toEqual(expected);
  });

  it.each([
    ['', 'nothing'],
    ['US stock contract', 'no exchange type'],
    ['US stock buy', 'no position type'],
    ['contract buy', 'no product type'],
    ['US stock crypto contract buy', 'two product types'],
    ['美股数字货币合约买入', 'two product types (Chinese)'],
    ['US stock spot contract buy', 'two position types'],
    ['美股现货合约买入', 'two position types (Chinese)'],
    ['US stock contract buy sell', 'two exchange types'],
    ['美股合约买卖', 'buy and sell (买卖)'],
    ['US stock contract buy · 美股合约卖出', 'halves disagree'],
    ['US stock contract seller fee', '"seller" is not "sell"'],
    ['US stock spotlight buy', '"spotlight" is not "spot"'],
    ['US stocky contract buy', '"stocky" is not "stock"'],
    ['stock contract buy', '"stock" alone is not "US stock"'],
    ['US stock breakfast buy', '"breakfast" is not "fast"'],
    ['数字货币币种买入', '"币币" straddling 数字货币|币种 is not coin-to-coin'],
  ])('%j -> null (%s)', (remark) => {
    expect(classifyFeeRemark(remark)).toBeNull();
  });

  it('explains why a remark is not classified', () => {
    expect(analyseFeeRemark('US stock crypto buy')).toEqual({
      classified: false,
      missing: ['positionType'],
      ambiguous: ['productType'],
    });
    expect(analyseFeeRemark(feeRemark(3, 2, 1))).toEqual({
      classified: true,
      key: { productType: 3, positionType: 2, exchangeType: 1 },
    });
  });
});

describe('findFeeRate', () => {
  const settings = [
    { remark: feeRemark(1, 1, 1), feeRate: '0.001' },
    { remark: feeRemark(1, 1, 2), feeRate: '0.002' },
    { remark: feeRemark(2, 2, 1), feeRate: '0' },
    { remark: 'something unrelated', feeRate: '0.5' },
    { remark: 'US stock crypto contract buy', feeRate: '0.9' }, // ambiguous: configures nothing
  ];

  it('returns the configured rate string', () => {
    expect(findFeeRate(settings, { productType: 1, positionType: 1, exchangeType: 1 })).toBe('0.001');
    expect(findFeeRate(settings, { productType: 1, positionType: 1, exchangeType: 2 })).toBe('0.002');
  });

  it('returns an explicitly configured zero', () => {
    expect(findFeeRate(settings, { productType: 2, positionType: 2, exchangeType: 1 })).toBe('0');
  });

  function reasonOf(action: () => unknown): string {
    try {
      action();
    } catch (error) {
      if (error instanceof FeeNotConfiguredError) return error.reason;
      throw error;
    }
    return 'found';
  }

  it('a missing fee is an error, never a silent zero', () => {
    const key: FeeKey = { productType: 3, positionType: 1, exchangeType: 1 };
    expect(() => findFeeRate(settings, key)).toThrow(FeeNotConfiguredError);
    expect(reasonOf(() => findFeeRate(settings, key))).toBe('missing');
    expect(reasonOf(() => findFeeRate([], key))).toBe('missing');
    try {
      findFeeRate(settings, key);
    } catch (error) {
      expect(error).toBeInstanceOf(FeeNotConfiguredError);
      expect((error as FeeNotConfiguredError).key).toEqual(key);
    }
  });

  it('duplicate rows agreeing in value are fine; disagreeing rows are an error', () => {
    const key: FeeKey = { productType: 1, positionType: 1, exchangeType: 1 };
    expect(findFeeRate([...settings, { remark: '美股合约买入', feeRate: '0.0010' }], key)).toBe('0.001');
    expect(reasonOf(() => findFeeRate([...settings, { remark: '美股合约买入', feeRate: '0.003' }], key))).toBe(
      'conflicting',
    );
  });

  it.each(['', '-0.001', 'abc', '1e-3', '0,001'])('a rate of %j is invalid', (feeRate) => {
    const key: FeeKey = { productType: 4, positionType: 2, exchangeType: 2 };
    expect(reasonOf(() => findFeeRate([{ remark: feeRemark(4, 2, 2), feeRate }], key))).toBe('invalid-rate');
  });
});
