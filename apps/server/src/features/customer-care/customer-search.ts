import { sql, type Kysely } from 'kysely';
import type { operatorCustomers } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { readPage, type PageRequest } from '../../core/paging';

/** `%`, `_` and the escape itself are literal in a search: the operator types text, not a pattern. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Ids fit the database's 32-bit integers; a longer run of digits is searched as text only. */
const USER_ID_MAX = 2_147_483_647;

/** The customers a search names, as a query to page and to count. */
function matching(db: Kysely<Database>, search: string | undefined) {
  const query = db
    .selectFrom('user_account as user')
    .leftJoin('customer_operator_lock as lock', 'lock.user_id', 'user.id');
  const text = search?.trim() ?? '';
  if (text === '') return query;
  const pattern = containsPattern(text);
  const contains = (column: string) =>
    sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
  const asId = /^\d{1,10}$/.test(text) && Number(text) <= USER_ID_MAX ? Number(text) : null;
  return query.where((eb) =>
    eb.or([
      contains('user.user_account'),
      contains('user.email'),
      contains('user.phone'),
      eb('user.invite_code', '=', text.toUpperCase()),
      ...(asId === null ? [] : [eb('user.id', '=', asId)]),
    ]),
  );
}

/**
 * `GET operator/customers`: newest first. A search matches a part of the login name, the email or the
 * phone (case-insensitive), an invite code exactly, or a user id exactly.
 */
export async function searchCustomers(
  db: Kysely<Database>,
  query: PageRequest & { search?: string | undefined },
): Promise<{ rows: operatorCustomers.CustomerRow[]; total: number }> {
  return readPage(
    matching(db, query.search)
      .select([
        'user.id',
        'user.user_account',
        'user.email',
        'user.area_code',
        'user.phone',
        'user.nick_name',
        'user.account_type',
        'user.invite_code',
        'user.created_at',
        'lock.user_id as locked_user_id',
      ])
      .orderBy('user.id', 'desc'),
    query,
    (row) => ({
      id: row.id,
      userAccount: row.user_account,
      email: row.email,
      areaCode: row.area_code,
      phone: row.phone,
      nickName: row.nick_name,
      accountType: row.account_type,
      inviteCode: row.invite_code,
      createdAt: Number(row.created_at),
      locked: row.locked_user_id === null ? 0 : 1,
    }),
  );
}
