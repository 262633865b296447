import sanitizeHtml from 'sanitize-html';
import { helpCentre } from '@kestrel/contract';

const { HELP_SUMMARY_MAX } = helpCentre;

/** Block-level tags: their boundaries separate words, so the plain text gets a space there. */
const BLOCK_BOUNDARY = /<\/?(?:p|br|h[1-6]|li|ul|ol|tr|td|th|table|blockquote|pre|hr)\b[^>]*>/gi;
/** The only entities sanitize-html writes into text (it decodes every other one). */
const ESCAPED = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' } as const;
/** Control characters that never belong in a one-line plain text (titles, names). */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The readable text of already sanitized HTML, for search and the list's summary. Not a sanitizer:
 * its result is never served as HTML (the list shows it as text).
 */
export function plainTextOf(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_BOUNDARY, ' $&'), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPED[entity as keyof typeof ESCAPED])
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first characters of the plain text, cut at a word where one is near. */
export function summaryOf(plainText: string): string {
  const characters = [...plainText];
  if (characters.length <= HELP_SUMMARY_MAX) return plainText;
  const cut = characters.slice(0, HELP_SUMMARY_MAX - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > HELP_SUMMARY_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * What a search matches: title and text, lower-cased here (Unicode-aware, so the same on SQLite,
 * whose LOWER() knows only ASCII, and on PostgreSQL).
 */
export function searchTextOf(title: string, plainText: string): string {
  return `${title} ${plainText}`.toLowerCase();
}

/** A LIKE pattern matching `keyword` literally anywhere: `\` escapes the wildcards (ESCAPE '\'). */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** The text of a language map in `language`, else English: which one was used, and the text. */
export function pickTranslation(map: Record<string, string>, language: string): { language: string; text: string } {
  const own = map[language];
  if (own !== undefined && own !== '') return { language, text: own };
  return { language: 'en', text: map.en ?? '' };
}

/** A stored JSON language map; anything malformed reads as empty rather than failing a whole list. */
export function parseLanguageMap(json: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
