import { LANGUAGES, type LanguageCode } from '@kestrel/contract/web';

export type Language = (typeof LANGUAGES)[number];

export function languageOf(code: LanguageCode): Language {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[1];
}

/**
 * `<html lang dir>`: the BCP 47 tag for screen readers, fonts and hyphenation, and right-to-left for
 * Arabic (`ar`, and `sa`, Arabic as used in Saudi Arabia).
 */
export function applyDocumentLanguage(code: LanguageCode, root: HTMLElement = document.documentElement): void {
  const language = languageOf(code);
  root.lang = language.tag;
  root.dir = language.rtl ? 'rtl' : 'ltr';
}
