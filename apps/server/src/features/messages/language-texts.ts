import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@kestrel/contract';
import { refuse } from '../../core/errors';

/** An operator's text in several languages (a notice's or a broadcast's title and content). */
export type LanguageTexts = Partial<Record<LanguageCode, string>>;

/**
 * Checks a pair of per-language maps an operator sent: every key is one of our 19 codes
 * (`error.unknown_language`), English title and content are present (`error.english_text_required`:
 * every other language falls back to them). Blank texts are dropped, so they fall back too.
 * `cleanContent` is applied to every content (the notice's HTML sanitizer; identity for plain text).
 */
export function checkLanguageTexts(
  titles: Record<string, string>,
  contents: Record<string, string>,
  cleanContent: (text: string) => string,
): { titles: LanguageTexts; contents: LanguageTexts } {
  const keep = (map: Record<string, string>, clean: (text: string) => string): LanguageTexts => {
    const kept: LanguageTexts = {};
    for (const [language, text] of Object.entries(map)) {
      if (!isLanguageCode(language)) refuse('error.unknown_language', { language });
      const cleaned = clean(text.trim());
      if (cleaned !== '') kept[language] = cleaned;
    }
    return kept;
  };
  const checked = { titles: keep(titles, (text) => text), contents: keep(contents, cleanContent) };
  if (checked.titles[DEFAULT_LANGUAGE] === undefined || checked.contents[DEFAULT_LANGUAGE] === undefined) {
    refuse('error.english_text_required');
  }
  return checked;
}

/** The text in `language`, English when that one is missing. */
export function textIn(texts: LanguageTexts, language: LanguageCode): string {
  return texts[language] ?? texts[DEFAULT_LANGUAGE] ?? '';
}
