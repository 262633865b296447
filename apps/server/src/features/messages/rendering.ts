import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@kestrel/contract';
import { formatAmount } from '@kestrel/domain';

/**
 * A value put into a site message's text. Plain text as it is (a count, a name); a price as its
 * decimal string cut to its product's decimals, shown with thousands separated; an amount of money as its exact decimal string (never a float), shown as a
 * customer reads money: thousands separated, trailing zeros dropped down to two decimals, nothing cut
 * ("300.00000000" reads "300.00", "0.12345600" reads "0.123456"); a time as epoch milliseconds,
 * written out in the customer's language (UTC, labelled, so it reads the same wherever the customer
 * is); a name with translations (a product) in the customer's language, else its fallback.
 */
export type MessageParam =
  | string
  | { money: string }
  | { price: string }
  | { time: number }
  | { translations: Record<string, string>; fallback: string };

/** Decimals an amount of money always shows in a message. */
const MONEY_DECIMALS_MIN = 2;

/** A price as its product quotes it: its decimals kept, thousands separated ("105026.47" reads "105,026.47"). */
export function priceText(decimal: string): string {
  return formatAmount(decimal, { decimals: (decimal.split('.')[1] ?? '').length });
}

/** An exact decimal as money: every significant decimal, at least two, thousands separated. */
export function moneyText(decimal: string): string {
  const fraction = decimal.split('.')[1] ?? '';
  const significant = fraction.replace(/0+$/, '').length;
  return formatAmount(decimal, { decimals: Math.max(MONEY_DECIMALS_MIN, significant) });
}
export type MessageParams = Record<string, MessageParam>;

/** Characters a title may hold (site_message.title is varchar(200)). */
export const TITLE_LENGTH_MAX = 200;
/** Characters one content may hold: a bound on what a message can carry, whatever wrote it. */
export const CONTENT_LENGTH_MAX = 10_000;

const tagOf = new Map<string, string>(LANGUAGES.map((language) => [language.code, language.tag]));

/** One parameter as text in `language`. */
export function paramText(value: MessageParam, language: LanguageCode): string {
  if (typeof value === 'string') return value;
  if ('money' in value) return moneyText(value.money);
  if ('price' in value) return priceText(value.price);
  if ('time' in value) {
    const format = new Intl.DateTimeFormat(tagOf.get(language) ?? 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    return `${format.format(new Date(value.time))} UTC`;
  }
  return value.translations[language] ?? value.translations[DEFAULT_LANGUAGE] ?? value.fallback;
}

/**
 * i18next-style `{{name}}` placeholders filled from params; a placeholder without a param stays as
 * written, so a missing value is visible rather than silently empty. One pass over the template:
 * a param's own text is never scanned again, so a value cannot inject another placeholder.
 */
export function interpolate(template: string, params: MessageParams, language: LanguageCode): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined ? whole : paramText(value, language);
  });
}

/** Cuts text to `max` characters (code points, so no half of a surrogate pair is stored). */
export function clip(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/** The params as stored: the raw values, so a message can be re-rendered or audited later. */
export function paramsJson(params: MessageParams): string {
  return JSON.stringify(params);
}
