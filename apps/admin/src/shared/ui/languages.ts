import { LANGUAGES } from '@kestrel/contract';

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The 19 languages as select options, "Deutsch (de)"; those `filled` has a text for get a tick. */
export function languageOptions(filled?: Record<string, unknown>) {
  return LANGUAGES.map((entry) => ({
    value: entry.code,
    label: `${entry.name} (${entry.code})${filled?.[entry.code] ? ' ✓' : ''}`,
  }));
}

/** Whether a language is written right to left. */
export function isRightToLeft(code: string): boolean {
  return LANGUAGES.find((entry) => entry.code === code)?.rtl ?? false;
}
