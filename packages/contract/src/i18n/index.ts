/**
 * Kestrel's language packs: one flat `{ "dotted.key": "text" }` object per language code of SPEC §3,
 * interpolated with i18next syntax (`{{name}}`). English is the source; every pack has exactly its keys.
 *
 * Server errors travel as keys (`{ code: 500, msg: "error.x", params }`, SPEC §8) and the app looks them
 * up here, so the same catalogue serves the server (Accept-Language / LanguageId) and the web app.
 */
import type { LanguageCode } from '../languages';
import { DEFAULT_LANGUAGE } from '../languages';
import productNames from './product-names.json';
import ar from './locales/ar.json';
import blr from './locales/blr.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ida from './locales/ida.json';
import idn from './locales/idn.json';
import it from './locales/it.json';
import jp from './locales/jp.json';
import ko from './locales/ko.json';
import my from './locales/my.json';
import pt from './locales/pt.json';
import rus from './locales/rus.json';
import sa from './locales/sa.json';
import tc from './locales/tc.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import zh from './locales/zh.json';

export type LocalePack = Record<string, string>;

/** The English keys; every other pack has exactly these. */
export type MessageKey = keyof typeof en;

export const LOCALE_PACKS: Record<LanguageCode, LocalePack> = {
  zh,
  en,
  tc,
  de,
  es,
  fr,
  idn,
  jp,
  ko,
  my,
  th,
  vi,
  pt,
  rus,
  blr,
  ida,
  sa,
  ar,
  it,
};

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/**
 * Looks a key up in one language (falling back to English, then to the key itself) and fills in
 * `{{name}}` placeholders. A placeholder with no value is left as written so the gap is visible.
 */
export function translate(lang: LanguageCode, key: string, params?: Record<string, string | number>): string {
  const pack = LOCALE_PACKS[lang] ?? LOCALE_PACKS[DEFAULT_LANGUAGE];
  const template = pack[key] ?? LOCALE_PACKS[DEFAULT_LANGUAGE][key] ?? key;
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/**
 * English product names (the catalogue's own names). `PRODUCT_NAMES` below only lists the languages
 * whose name differs from these.
 */
export const PRODUCT_NAMES_EN: Readonly<Record<string, string>> = {
  AAPL: 'Apple',
  MSFT: 'Microsoft',
  NVDA: 'NVIDIA',
  AMZN: 'Amazon',
  GOOGL: 'Alphabet',
  META: 'Meta Platforms',
  TSLA: 'Tesla',
  JPM: 'JPMorgan Chase',
  V: 'Visa',
  NFLX: 'Netflix',
  AMD: 'AMD',
  KO: 'Coca-Cola',
  'X:BTCUSD': 'Bitcoin',
  'X:ETHUSD': 'Ethereum',
  'X:SOLUSD': 'Solana',
  'X:XRPUSD': 'XRP',
  'X:BNBUSD': 'BNB',
  'X:DOGEUSD': 'Dogecoin',
  'X:ADAUSD': 'Cardano',
  'X:AVAXUSD': 'Avalanche',
  'X:DOTUSD': 'Polkadot',
  'X:LINKUSD': 'Chainlink',
  'X:LTCUSD': 'Litecoin',
  'X:TRXUSD': 'TRON',
  ESZ6: 'E-mini S&P 500 Dec 2026',
  NQZ6: 'E-mini Nasdaq-100 Dec 2026',
  YMZ6: 'E-mini Dow Dec 2026',
  CLF7: 'Crude Oil WTI Jan 2027',
  GCG7: 'Gold Feb 2027',
  SIH7: 'Silver Mar 2027',
  NGF7: 'Natural Gas Jan 2027',
  ZCH7: 'Corn Mar 2027',
  'C:EURUSD': 'EUR/USD',
  'C:GBPUSD': 'GBP/USD',
  'C:USDJPY': 'USD/JPY',
  'C:AUDUSD': 'AUD/USD',
  'C:USDCAD': 'USD/CAD',
  'C:USDCHF': 'USD/CHF',
  'C:NZDUSD': 'NZD/USD',
  'C:EURJPY': 'EUR/JPY',
  'C:GBPJPY': 'GBP/JPY',
  'C:EURGBP': 'EUR/GBP',
};

/** `{ productCode: { langCode: name } }`, only where a language's name differs from English. */
export const PRODUCT_NAMES: Readonly<Record<string, Partial<Record<LanguageCode, string>>>> = productNames;

/**
 * A product's name in a language: the localized name when there is one, else the English name, else
 * `fallback` (e.g. the name the catalogue row carries), else the code itself.
 */
export function productNameIn(code: string, lang: LanguageCode, fallback?: string): string {
  return PRODUCT_NAMES[code]?.[lang] ?? PRODUCT_NAMES_EN[code] ?? fallback ?? code;
}
