import { LANGUAGES, type LanguageCode } from '@kestrel/contract/web';
import { CONTENT_TYPES, type BodyEncoding } from './encoding';

/**
 * The headers every call carries (SPEC §7): Accept-Language (the current locale as stored, the SPEC §3
 * code such as `jp` or `tc`, not its BCP 47 tag: the server's `resolveLanguage` reads both), LanguageId (the
 * SPEC §3 id), Authorization (the raw token, when there is one) and the content type of the body
 * encoding (form unless the endpoint is JSON; GETs carry it too, as the original app did).
 */
export function requestHeaders(options: {
  locale: LanguageCode;
  token: string | null;
  encoding: BodyEncoding;
}): Record<string, string> {
  const language = LANGUAGES.find((entry) => entry.code === options.locale) ?? LANGUAGES[1];
  const headers: Record<string, string> = {
    'Accept-Language': language.code,
    LanguageId: String(language.id),
    'Content-Type': CONTENT_TYPES[options.encoding],
  };
  if (options.token) headers.Authorization = options.token;
  return headers;
}
