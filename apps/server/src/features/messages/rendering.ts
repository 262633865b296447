import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@kestrel/contract';

/**
 * A value put into a site message's text. Amounts arrive as formatted decimal strings (never a
 * float); a time as epoch milliseconds, written out in the customer's language (UTC, labelled, so it
 * reads the same wherever the customer is); a name with translations (a product) in the customer's
 * language, else its fallback.
 */
export type MessageParam = string | { time: number } | { translations: Record<string, string>; fallback: string };
export type MessageParams = Record<string, MessageParam>;

/** Characters a title may hold (site_message.title is varchar(200)). */
export const TITLE_LENGTH_MAX = 200;
/** Characters one content may hold: a bound on what a message can carry, whatever wrote it. */
export const CONTENT_LENGTH_MAX = 10_000;

const tagOf = new Map<string, string>(LANGUAGES.map((language) => [language.code, language.tag]));

/** One parameter as text in `language`. */
export function paramText(value: MessageParam, language: LanguageCode): string {
  if (typeof value === 'string') return value;
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
