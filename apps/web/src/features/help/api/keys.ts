import type { LanguageCode } from '@kestrel/contract/web';

/**
 * The help centre's data: published, the same for every visitor, so not a customer key. Every answer
 * is in the request's language, so the language is part of the key: switching languages shows the
 * other language's articles, never a cached copy of the previous one.
 */
export const helpKey = (locale: LanguageCode, ...detail: unknown[]) => ['help', locale, ...detail];
