/**
 * Order fee settings (SPEC.md §3): each row has a free-text `remark` and a `feeRate`; the remark's
 * keywords (English or Chinese, any case) say which product type, position type and exchange type the
 * rate applies to. A remark that lacks one of the three, or names two different values of one kind, is
 * not classified: an ambiguous row is never guessed, and a missing fee is an error, never a silent zero.
 */
import { DecimalFormatError, parseDecimal } from './decimal';

/** 1 US stock, 2 crypto, 3 futures, 4 forex. */
export type ProductType = 1 | 2 | 3 | 4;
/** 0 fast/quick (seconds contract), 1 contract, 2 spot, 3 coin-to-coin. */
export type PositionType = 0 | 1 | 2 | 3;
/** 1 buy, 2 sell. */
export type ExchangeType = 1 | 2;

export const PRODUCT_TYPE = { usStock: 1, crypto: 2, futures: 3, forex: 4 } as const satisfies Record<
  string,
  ProductType
>;
export const POSITION_TYPE = { fast: 0, contract: 1, spot: 2, coinToCoin: 3 } as const satisfies Record<
  string,
  PositionType
>;
export const EXCHANGE_TYPE = { buy: 1, sell: 2 } as const satisfies Record<string, ExchangeType>;

export const PRODUCT_TYPES: readonly ProductType[] = [1, 2, 3, 4];
export const POSITION_TYPES: readonly PositionType[] = [0, 1, 2, 3];
export const EXCHANGE_TYPES: readonly ExchangeType[] = [1, 2];

export interface FeeKey {
  productType: ProductType;
  positionType: PositionType;
  exchangeType: ExchangeType;
}

/** The three kinds a remark must name. */
export type FeeKeyKind = keyof FeeKey;

interface Keyword {
  kind: FeeKeyKind;
  value: number;
  /** Regular expression source, matched against the normalised remark (see normaliseRemark). */
  source: string;
}

interface KeywordGroup {
  kind: FeeKeyKind;
  value: number;
  /** Whole words or phrases (regular expression sources, no alternation): "sell" is not in "seller". */
  english: string[];
  /** Substrings: Chinese has no word boundaries; overlaps are settled by the longest-match rule below. */
  chinese: string[];
}

const KEYWORD_GROUPS: readonly KeywordGroup[] = [
  { kind: 'productType', value: 1, english: ['us stocks?'], chinese: ['美股'] },
  {
    kind: 'productType',
    value: 2,
    english: ['crypto', 'cryptocurrency', 'cryptocurrencies'],
    chinese: ['数字货币', '加密货币'],
  },
  { kind: 'productType', value: 3, english: ['futures'], chinese: ['期货'] },
  { kind: 'productType', value: 4, english: ['forex'], chinese: ['外汇'] },
  // "fast contract" and "秒合约" are longer than "contract"/"合约" and cover them, so they win.
  {
    kind: 'positionType',
    value: 0,
    english: ['fast', 'quick', 'fast contracts?', 'quick contracts?'],
    chinese: ['快捷', '秒合约'],
  },
  { kind: 'positionType', value: 1, english: ['contracts?'], chinese: ['合约'] },
  { kind: 'positionType', value: 2, english: ['spot'], chinese: ['现货'] },
  { kind: 'positionType', value: 3, english: ['coin to coin', 'bibi'], chinese: ['币币'] },
  { kind: 'exchangeType', value: 1, english: ['buy', 'buys', 'buying'], chinese: ['买'] },
  { kind: 'exchangeType', value: 2, english: ['sell', 'sells', 'selling'], chinese: ['卖'] },
];

const KEYWORDS: readonly Keyword[] = KEYWORD_GROUPS.flatMap((group) => [
  ...group.english.map((phrase) => ({ kind: group.kind, value: group.value, source: `\\b${phrase}\\b` })),
  ...group.chinese.map((phrase) => ({ kind: group.kind, value: group.value, source: phrase })),
]);

/**
 * NFKC folds full-width letters ("ＢＵＹ") to ASCII; lower case for English; hyphens, underscores and
 * whitespace runs become one space, so "coin-to-coin", "US_stock" and "US  stock" match.
 */
function normaliseRemark(remark: string): string {
  return remark
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

interface KeywordMatch {
  kind: FeeKeyKind;
  value: number;
  start: number;
  end: number;
}

function findKeywordMatches(text: string): KeywordMatch[] {
  const matches: KeywordMatch[] = [];
  for (const keyword of KEYWORDS) {
    const pattern = new RegExp(keyword.source, 'g');
    // Overlapping occurrences are all collected (advance one character after each), so "数字货币币币"
    // still finds the "币币" that starts after the product name's last character.
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      matches.push({
        kind: keyword.kind,
        value: keyword.value,
        start: found.index,
        end: found.index + found[0].length,
      });
      pattern.lastIndex = found.index + 1;
    }
  }
  // Longest match wins: a keyword occurrence overlapping a strictly longer one (of any kind) is part of
  // that longer word ("合约" inside "秒合约", "币币" straddling "数字货币|币种") and is not a keyword itself.
  return matches.filter(
    (match) =>
      !matches.some(
        (other) =>
          other.end - other.start > match.end - match.start && other.start < match.end && match.start < other.end,
      ),
  );
}

export type FeeRemarkAnalysis =
  { classified: true; key: FeeKey } | { classified: false; missing: FeeKeyKind[]; ambiguous: FeeKeyKind[] };

/** The one value a kind was given, or undefined when it was given none or several. */
function singleValue(matches: readonly KeywordMatch[], kind: FeeKeyKind): number | undefined {
  const values = new Set(matches.filter((match) => match.kind === kind).map((match) => match.value));
  return values.size === 1 ? [...values][0] : undefined;
}

function isProductType(value: number | undefined): value is ProductType {
  return (PRODUCT_TYPES as readonly (number | undefined)[]).includes(value);
}
function isPositionType(value: number | undefined): value is PositionType {
  return (POSITION_TYPES as readonly (number | undefined)[]).includes(value);
}
function isExchangeType(value: number | undefined): value is ExchangeType {
  return (EXCHANGE_TYPES as readonly (number | undefined)[]).includes(value);
}

/** The reasoning behind classifyFeeRemark, for diagnostics (which kind was missing or ambiguous). */
export function analyseFeeRemark(remark: string): FeeRemarkAnalysis {
  const matches = findKeywordMatches(normaliseRemark(remark));
  const kinds: FeeKeyKind[] = ['productType', 'positionType', 'exchangeType'];
  const valueCount = (kind: FeeKeyKind) =>
    new Set(matches.filter((match) => match.kind === kind).map((match) => match.value)).size;
  const missing = kinds.filter((kind) => valueCount(kind) === 0);
  const ambiguous = kinds.filter((kind) => valueCount(kind) > 1);
  const productType = singleValue(matches, 'productType');
  const positionType = singleValue(matches, 'positionType');
  const exchangeType = singleValue(matches, 'exchangeType');
  if (isProductType(productType) && isPositionType(positionType) && isExchangeType(exchangeType)) {
    return { classified: true, key: { productType, positionType, exchangeType } };
  }
  return { classified: false, missing, ambiguous };
}

/** Classifies an order fee setting's remark, or null when it lacks a kind or is ambiguous. */
export function classifyFeeRemark(remark: string): FeeKey | null {
  const analysis = analyseFeeRemark(remark);
  return analysis.classified ? analysis.key : null;
}

const PRODUCT_NAMES: Record<ProductType, { english: string; chinese: string }> = {
  1: { english: 'US stock', chinese: '美股' },
  2: { english: 'crypto', chinese: '数字货币' },
  3: { english: 'futures', chinese: '期货' },
  4: { english: 'forex', chinese: '外汇' },
};
const POSITION_NAMES: Record<PositionType, { english: string; chinese: string }> = {
  0: { english: 'fast', chinese: '秒合约' },
  1: { english: 'contract', chinese: '合约' },
  2: { english: 'spot', chinese: '现货' },
  3: { english: 'coin-to-coin', chinese: '币币' },
};
const EXCHANGE_NAMES: Record<ExchangeType, { english: string; chinese: string }> = {
  1: { english: 'buy', chinese: '买入' },
  2: { english: 'sell', chinese: '卖出' },
};

/** The canonical bilingual remark the seed writes, e.g. "US stock contract buy fee · 美股合约买入手续费". */
export function feeRemark(productType: ProductType, positionType: PositionType, exchangeType: ExchangeType): string {
  const product = PRODUCT_NAMES[productType];
  const position = POSITION_NAMES[positionType];
  const exchange = EXCHANGE_NAMES[exchangeType];
  return (
    `${product.english} ${position.english} ${exchange.english} fee · ` +
    `${product.chinese}${position.chinese}${exchange.chinese}手续费`
  );
}

export type FeeNotConfiguredReason = 'missing' | 'conflicting' | 'invalid-rate';

/**
 * The fee for a key cannot be determined: no row classifies to it ('missing'), rows classifying to it
 * disagree on the rate ('conflicting'), or its rate is not a non-negative decimal ('invalid-rate').
 */
export class FeeNotConfiguredError extends Error {
  constructor(
    readonly key: FeeKey,
    readonly reason: FeeNotConfiguredReason,
  ) {
    super(
      `order fee not configured (${reason}) for product ${key.productType}, position ${key.positionType}, exchange ${key.exchangeType}`,
    );
    this.name = 'FeeNotConfiguredError';
  }
}

export interface FeeSetting {
  remark: string;
  feeRate: string;
}

/** Rates are compared at this scale only to tell "0.1" and "0.10" apart from truly different rates. */
const RATE_COMPARISON_SCALE = 30;

/**
 * The fee rate string configured for `key`. Unclassifiable rows are skipped (they configure nothing);
 * several rows for the same key are fine when their rates are equal in value. Throws FeeNotConfiguredError
 * otherwise. The rate string is returned as configured; its unit is whatever the settings store holds.
 */
export function findFeeRate(settings: readonly FeeSetting[], key: FeeKey): string {
  let chosen: { rate: string; units: bigint } | undefined;
  for (const setting of settings) {
    const classified = classifyFeeRemark(setting.remark);
    if (
      !classified ||
      classified.productType !== key.productType ||
      classified.positionType !== key.positionType ||
      classified.exchangeType !== key.exchangeType
    ) {
      continue;
    }
    const units = parseRate(setting.feeRate, key);
    if (chosen === undefined) chosen = { rate: setting.feeRate.trim(), units };
    else if (chosen.units !== units) throw new FeeNotConfiguredError(key, 'conflicting');
  }
  if (chosen === undefined) throw new FeeNotConfiguredError(key, 'missing');
  return chosen.rate;
}

function parseRate(rate: string, key: FeeKey): bigint {
  try {
    const units = parseDecimal(rate, RATE_COMPARISON_SCALE);
    if (units < 0n) throw new FeeNotConfiguredError(key, 'invalid-rate');
    return units;
  } catch (error) {
    if (error instanceof DecimalFormatError) throw new FeeNotConfiguredError(key, 'invalid-rate');
    throw error;
  }
}
