import { LANGUAGES, type LanguageCode } from '@kestrel/contract/web';

/**
 * The name of the language an answer fell back to, when it is not the app's language (an article or a
 * category without a text in the customer's language comes in English), or null when it is in the
 * app's language. The name is the language's own (English, العربية), as the language list shows it.
 */
export function fallbackLanguageName(answerLanguage: string, appLanguage: LanguageCode): string | null {
  if (answerLanguage === '' || answerLanguage === appLanguage) return null;
  return LANGUAGES.find((language) => language.code === answerLanguage)?.name ?? answerLanguage;
}
