/**
 * The 19 languages of SPEC §3 with their ids, and the BCP 47 tag each maps to.
 *
 * `blr`, `ida` and `sa` are the original system's own codes; the mapping below is our choice:
 * - `blr` -> `be` (Belarusian): BLR is Belarus's ISO 3166 alpha-3 code, the same country-code habit
 *   the original shows with `rus` (Russia), `idn` (Indonesia) and `jp` (Japan).
 * - `ida` -> `hi` (Hindi): no ISO code matches; `id`/`idn` is already Indonesian, and "ida" reads as
 *   India in the original's abbreviation style, where Hindi is the most widely used language.
 * - `sa` -> `ar-SA` (Arabic, Saudi Arabia): SA is Saudi Arabia's ISO 3166 alpha-2 code. It is
 *   right-to-left like `ar`.
 * - `my` -> `ms` (Malay): MY is Malaysia's ISO 3166 alpha-2 code.
 */
export const LANGUAGES = [
  { code: 'zh', id: 1, tag: 'zh-Hans', name: '简体中文', rtl: false },
  { code: 'en', id: 2, tag: 'en', name: 'English', rtl: false },
  { code: 'tc', id: 3, tag: 'zh-Hant', name: '繁體中文', rtl: false },
  { code: 'de', id: 4, tag: 'de', name: 'Deutsch', rtl: false },
  { code: 'es', id: 5, tag: 'es', name: 'Español', rtl: false },
  { code: 'fr', id: 6, tag: 'fr', name: 'Français', rtl: false },
  { code: 'idn', id: 7, tag: 'id', name: 'Bahasa Indonesia', rtl: false },
  { code: 'jp', id: 8, tag: 'ja', name: '日本語', rtl: false },
  { code: 'ko', id: 9, tag: 'ko', name: '한국어', rtl: false },
  { code: 'my', id: 10, tag: 'ms', name: 'Bahasa Melayu', rtl: false },
  { code: 'th', id: 11, tag: 'th', name: 'ไทย', rtl: false },
  { code: 'vi', id: 12, tag: 'vi', name: 'Tiếng Việt', rtl: false },
  { code: 'pt', id: 13, tag: 'pt', name: 'Português', rtl: false },
  { code: 'rus', id: 14, tag: 'ru', name: 'Русский', rtl: false },
  { code: 'blr', id: 15, tag: 'be', name: 'Беларуская', rtl: false },
  { code: 'ida', id: 16, tag: 'hi', name: 'हिन्दी', rtl: false },
  { code: 'sa', id: 17, tag: 'ar-SA', name: 'العربية (السعودية)', rtl: true },
  { code: 'ar', id: 18, tag: 'ar', name: 'العربية', rtl: true },
  { code: 'it', id: 19, tag: 'it', name: 'Italiano', rtl: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const byCode = new Map<string, (typeof LANGUAGES)[number]>(LANGUAGES.map((l) => [l.code, l]));
const byId = new Map<number, (typeof LANGUAGES)[number]>(LANGUAGES.map((l) => [l.id, l]));
const byTag = new Map<string, (typeof LANGUAGES)[number]>(LANGUAGES.map((l) => [l.tag.toLowerCase(), l]));

export function isLanguageCode(value: string): value is LanguageCode {
  return byCode.has(value);
}

/**
 * Picks the language of a request: `LanguageId` first (the app always sends it), then the first
 * `Accept-Language` entry that names one of our codes or tags, then English.
 */
export function resolveLanguage(languageId: string | undefined, acceptLanguage: string | undefined): LanguageCode {
  const id = languageId === undefined ? NaN : Number(languageId);
  const fromId = Number.isInteger(id) ? byId.get(id) : undefined;
  if (fromId) return fromId.code;
  for (const part of (acceptLanguage ?? '').split(',').slice(0, 10)) {
    const candidate = part.split(';')[0]?.trim() ?? '';
    const exact = byCode.get(candidate) ?? byTag.get(candidate.toLowerCase());
    if (exact) return exact.code;
    const primary = byTag.get(candidate.split('-')[0]?.toLowerCase() ?? '');
    if (primary) return primary.code;
  }
  return DEFAULT_LANGUAGE;
}
