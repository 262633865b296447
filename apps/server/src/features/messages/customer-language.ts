import type { Kysely } from 'kysely';
import { bookOf, DEFAULT_LANGUAGE, isLanguageCode, type Book, type LanguageCode } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../http/route';

/**
 * The language a customer's messages are written in: the one their app last sent (`LanguageId` or
 * `Accept-Language`, resolved by the route layer), recorded at registration, at login and whenever the
 * app asks for its messages or its unread count in another language. A demo account that has not
 * recorded one yet speaks its real account's language; English when nothing is known.
 */

export interface Recipient {
  userId: number;
  language: LanguageCode;
  book: Book;
}

/** Who a message to `userId` goes to, or undefined when there is no such account. */
export async function findRecipient(db: Kysely<Database>, userId: number): Promise<Recipient | undefined> {
  const row = await db
    .selectFrom('user_account as account')
    .leftJoin('demo_link as link', 'link.demo_user_id', 'account.id')
    .leftJoin('user_account as real', 'real.id', 'link.real_user_id')
    .select(['account.id', 'account.account_type', 'account.language', 'real.language as real_language'])
    .where('account.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.id,
    language: languageOr(row.language ?? row.real_language),
    book: bookOf(row.account_type),
  };
}

export function languageOr(stored: string | null | undefined): LanguageCode {
  return stored && isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Records the customer's language when it changed. Reads first, so the usual call (same language)
 * writes nothing and takes no write lock; the update is conditional, so two calls at once are harmless.
 */
export async function recordCustomerLanguage(
  db: Kysely<Database>,
  userId: number,
  language: LanguageCode,
): Promise<void> {
  const row = await db.selectFrom('user_account').select('language').where('id', '=', userId).executeTakeFirst();
  if (!row || row.language === language) return;
  await db
    .updateTable('user_account')
    .set({ language })
    .where('id', '=', userId)
    .where((where) => where.or([where('language', 'is', null), where('language', '<>', language)]))
    .execute();
}

/**
 * The request's language when the request named one (`LanguageId` or `Accept-Language`), else null:
 * a call without either header (a script, a health check) must not reset a customer to English.
 */
export function namedLanguage(request: RequestContext): LanguageCode | null {
  const headers = request.request.headers;
  return headers['languageid'] !== undefined || headers['accept-language'] !== undefined ? request.language : null;
}

/** Records the request's language for `userId` when the request named one. */
export async function recordRequestLanguage(
  db: Kysely<Database>,
  userId: number,
  request: RequestContext,
): Promise<void> {
  const language = namedLanguage(request);
  if (language !== null) await recordCustomerLanguage(db, userId, language);
}

/**
 * For the account routes: records the language of a login or a registration and answers what they
 * answered, so each route changes by one line (`return rememberLanguage(db, request, await login(...))`).
 */
export async function rememberLanguage<Answer extends { userInfo: { id: number } }>(
  db: Kysely<Database>,
  request: RequestContext,
  answer: Answer,
): Promise<Answer> {
  await recordRequestLanguage(db, answer.userInfo.id, request);
  return answer;
}
