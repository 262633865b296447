import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERVALS } from '../endpoints/shapes';
import { ALL_ERROR_KEYS } from '../errors';
import { LANGUAGE_CODES } from '../languages';
import {
  LOCALE_PACKS,
  MESSAGE_KEYS,
  PRODUCT_NAMES,
  PRODUCT_NAMES_EN,
  isMessageKey,
  productNameIn,
  translate,
} from './index';

const en = LOCALE_PACKS.en;

/**
 * The script of each language that is not written in Latin letters. `ida` is Hindi (languages.ts), and
 * an Indonesian text once landed in it: this catches a text pasted into the wrong pack.
 */
const OWN_SCRIPTS = {
  zh: /[\u4e00-\u9fff]/,
  tc: /[\u4e00-\u9fff]/,
  jp: /[\u3040-\u30ff\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
  th: /[\u0e00-\u0e7f]/,
  rus: /[\u0400-\u04ff]/,
  blr: /[\u0400-\u04ff]/,
  ida: /[\u0900-\u097f]/,
  sa: /[\u0600-\u06ff]/,
  ar: /[\u0600-\u06ff]/,
} as const;
const englishKeys = Object.keys(en).sort();
const nonEnglish = LANGUAGE_CODES.filter((code) => code !== 'en');

/**
 * Keys whose text may legitimately equal English in some languages: brand-like words, loanwords and
 * universal abbreviations (e.g. "Demo", "Volume", "Email", "Futures", chart interval codes).
 */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([
  'common.demo',
  'me.copy_trading',
  'market.volume',
  'market.futures',
  'market.forex',
  'market.crypto',
  'market.name',
  'auth.email',
  'kline.1m',
  'kline.5m',
  'kline.15m',
  'kline.30m',
  'kline.1h',
  'kline.4h',
  'kline.1d',
  'kline.1w',
  'kline.1M',
]);

/** Server error keys the API sends as `msg` (the server's catalogue must stay a subset of the packs). */
const SERVER_ERROR_KEYS = [
  'error.invalid_param',
  'error.required',
  'error.unknown_product',
  'error.page_size_too_large',
  'error.not_logged_in',
  'error.session_expired',
  'error.invalid_credentials',
  'error.account_locked',
  'error.account_exists',
  'error.account_not_found',
  'error.code_invalid',
  'error.code_expired',
  'error.code_resend_too_soon',
  'error.password_rule',
  'error.phone_invalid',
  'error.email_invalid',
  'error.wrong_old_password',
  'error.same_password',
  'error.invite_code_invalid',
  'error.invite_code_required',
  'error.rate_limited',
  'error.body_too_large',
  'error.not_found',
  'error.internal',
  'error.already_in_watchlist',
  'error.not_in_watchlist',
  'error.unknown_language',
  'error.unsupported_media_type',
  'error.malformed_body',
  'error.unknown_interval',
  'error.invalid_account_type',
];

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locale packs', () => {
  it('has a pack for every language code', () => {
    expect(Object.keys(LOCALE_PACKS).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('English carries the required catalogue keys', () => {
    for (const key of [
      ...SERVER_ERROR_KEYS,
      'request.timeout',
      'request.interface_exception',
      'request.network_lost',
      'request.chunk_failed',
      'img.err',
      'image.compression_failed',
    ]) {
      expect(en, key).toHaveProperty([key]);
    }
    expect(en['request.timeout']).toBe('Request timeout');
    expect(en['request.interface_exception']).toBe('Interface exception, please try again later');
    expect(en['request.network_lost']).toBe('Oops, network signal lost');
    expect(en['request.chunk_failed']).toBe('Loading chunk failed');
    expect(en['image.compression_failed']).toBe('Compression failed');
  });

  it('covers every refusal key of the contract and every chart interval', () => {
    for (const key of ALL_ERROR_KEYS) expect(en, key).toHaveProperty([key]);
    for (const interval of INTERVALS) expect(en, interval).toHaveProperty([`kline.${interval}`]);
  });

  it.each(LANGUAGE_CODES)('%s has exactly the English key set', (code) => {
    expect(Object.keys(LOCALE_PACKS[code]).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGE_CODES)('%s has no empty or padded values', (code) => {
    for (const [key, value] of Object.entries(LOCALE_PACKS[code])) {
      expect(typeof value, `${code} ${key}`).toBe('string');
      expect(value.trim(), `${code} ${key}`).not.toBe('');
      expect(value, `${code} ${key}`).toBe(value.trim());
    }
  });

  it.each(LANGUAGE_CODES)('%s keeps the English placeholders for every key', (code) => {
    for (const key of englishKeys) {
      expect(placeholders(LOCALE_PACKS[code][key] ?? ''), `${code} ${key}`).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it.each(LANGUAGE_CODES)('%s has no stray braces outside {{placeholders}}', (code) => {
    for (const [key, value] of Object.entries(LOCALE_PACKS[code])) {
      expect(value.replace(/\{\{\s*\w+\s*\}\}/g, ''), `${code} ${key}`).not.toMatch(/[{}]/);
    }
  });

  it.each(nonEnglish)('%s is a real translation, not a copy of English', (code) => {
    const pack = LOCALE_PACKS[code];
    const checked = englishKeys.filter((key) => !SAME_AS_ENGLISH_ALLOWED.has(key));
    const same = checked.filter((key) => pack[key] === en[key]);
    expect(same.length / checked.length, `${code} copies English for: ${same.join(', ')}`).toBeLessThanOrEqual(0.1);
  });

  it.each(Object.keys(OWN_SCRIPTS) as (keyof typeof OWN_SCRIPTS)[])(
    '%s is written in its own script: a text in Latin letters that is not the English one is another language',
    (code) => {
      const pack = LOCALE_PACKS[code];
      const foreign = Object.entries(pack).filter(([key, value]) => {
        const words = value.replace(/\{\{\s*\w+\s*\}\}/g, '');
        return /[A-Za-z]{3,}/.test(words) && !OWN_SCRIPTS[code].test(value) && value !== en[key];
      });
      expect(
        foreign.map(([key]) => key),
        `${code} holds texts of another language`,
      ).toEqual([]);
    },
  );

  it.each(LANGUAGE_CODES)('%s.json is stored with sorted keys and 2-space indentation', (code) => {
    const path = fileURLToPath(new URL(`./locales/${code}.json`, import.meta.url));
    const text = readFileSync(path, 'utf8');
    const parsed = JSON.parse(text) as Record<string, string>;
    const keys = Object.keys(parsed);
    expect(keys).toEqual([...keys].sort());
    expect(text).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
  });

  it('translates with parameters and falls back to English, then to the key', () => {
    expect(translate('en', 'error.account_locked', { minutes: 15 })).toBe('Account locked, try again in 15 min');
    expect(translate('zh', 'error.page_size_too_large', { max: 100 })).toContain('100');
    expect(translate('de', 'no.such.key')).toBe('no.such.key');
    expect(translate('en', 'error.required')).toBe('{{field}} is required');
    expect(MESSAGE_KEYS).toHaveLength(englishKeys.length);
    expect(isMessageKey('tab.home')).toBe(true);
    expect(isMessageKey('tab.nope')).toBe(false);
  });
});

describe('product names', () => {
  it('only names known products and known languages', () => {
    const languages = new Set<string>(LANGUAGE_CODES);
    for (const [code, names] of Object.entries(PRODUCT_NAMES)) {
      expect(PRODUCT_NAMES_EN, code).toHaveProperty([code]);
      for (const [lang, name] of Object.entries(names)) {
        expect(languages.has(lang), `${code} ${lang}`).toBe(true);
        expect(lang, `${code}: English lives in PRODUCT_NAMES_EN`).not.toBe('en');
        expect(name?.trim(), `${code} ${lang}`).toBeTruthy();
        expect(name, `${code} ${lang} should only be listed when it differs`).not.toBe(PRODUCT_NAMES_EN[code]);
      }
    }
  });

  it('translates futures descriptions in every language and forex pairs in non-Latin scripts', () => {
    for (const code of ['ESZ6', 'NQZ6', 'YMZ6', 'CLF7', 'GCG7', 'SIH7', 'NGF7', 'ZCH7']) {
      expect(Object.keys(PRODUCT_NAMES[code] ?? {}).sort(), code).toEqual(nonEnglish.slice().sort());
    }
    for (const code of Object.keys(PRODUCT_NAMES_EN).filter((c) => c.startsWith('C:'))) {
      for (const lang of ['zh', 'tc', 'jp', 'ko', 'ar', 'sa', 'rus', 'blr', 'th', 'ida'] as const) {
        expect(PRODUCT_NAMES[code]?.[lang], `${code} ${lang}`).toBeTruthy();
      }
    }
  });

  it('productNameIn picks the localized name, then English, then the fallback or code', () => {
    expect(productNameIn('AAPL', 'zh')).toBe('苹果');
    expect(productNameIn('AAPL', 'tc')).toBe('蘋果');
    expect(productNameIn('AAPL', 'jp')).toBe('アップル');
    expect(productNameIn('X:BTCUSD', 'ko')).toBe('비트코인');
    expect(productNameIn('X:BTCUSD', 'rus')).toBe('Биткоин');
    expect(productNameIn('X:BTCUSD', 'ar')).toBe('بيتكوين');
    expect(productNameIn('C:EURUSD', 'zh')).toBe('欧元/美元');
    expect(productNameIn('AAPL', 'de')).toBe('Apple');
    expect(productNameIn('AMD', 'jp')).toBe('AMD');
    expect(productNameIn('NOPE', 'fr', 'Nope Inc.')).toBe('Nope Inc.');
    expect(productNameIn('NOPE', 'fr')).toBe('NOPE');
  });
});
