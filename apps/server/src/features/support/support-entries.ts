import type { Kysely } from 'kysely';
import type { support } from '@kestrel/contract';
import type { Database } from '../../db/schema';

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+$/;
/** Only web pages: a configured `javascript:` or `data:` address must never become a link in the app. */
const WEB_PAGE = /^https?:\/\/[^\s<>"]+$/i;

/**
 * `customerService/list`: the live chat, then the contacts the operator keeps in the site settings
 * (`site_info.support_email`, `site_info.service_url`) when they are set and well formed.
 */
export async function supportEntries(db: Kysely<Database>): Promise<support.SupportEntry[]> {
  const site = await db
    .selectFrom('site_info')
    .select(['support_email', 'service_url'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const entries: support.SupportEntry[] = [{ kind: 'chat', value: '', sort: 0 }];
  const email = site?.support_email?.trim() ?? '';
  const page = site?.service_url?.trim() ?? '';
  if (EMAIL.test(email)) entries.push({ kind: 'email', value: email, sort: entries.length });
  if (WEB_PAGE.test(page)) entries.push({ kind: 'link', value: page, sort: entries.length });
  return entries;
}
