import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findCustomer } from './customer-profile';

/**
 * How long a customer session lives (features/account's session-service.ts holds the rule; a feature
 * cannot import another, so the values are repeated here and the API suite checks they agree).
 */
export const CUSTOMER_SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const CUSTOMER_SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** A customer has a handful of devices; the bound keeps the answer finite all the same. */
const SESSIONS_SHOWN_MAX = 200;

/** IPv4 to its /24 (203.0.113.x), IPv6 to its first four groups: an operator needs the network, not the host. */
function maskedAddress(ip: string): string {
  if (ip.includes('.') && !ip.includes(':')) return ip.split('.').slice(0, 3).concat('x').join('.');
  if (ip.includes(':')) return `${ip.split(':').slice(0, 4).join(':')}:…`;
  return ip;
}

/**
 * `GET operator/customers/sessions`: the customer's live sessions (not ended, not expired), most
 * recently used first. The public id names a session; the token (and its hash) never leaves the server.
 */
export async function customerSessions(db: Kysely<Database>, userId: number, now: number) {
  await findCustomer(db, userId);
  const rows = await db
    .selectFrom('session_token')
    .select(['public_id', 'created_at', 'last_used_at', 'device_label', 'ip_address'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_used_at', '>=', now - CUSTOMER_SESSION_IDLE_MS)
    .where('created_at', '>=', now - CUSTOMER_SESSION_ABSOLUTE_MS)
    .orderBy('last_used_at', 'desc')
    .orderBy('public_id')
    .limit(SESSIONS_SHOWN_MAX)
    .execute();
  return {
    rows: rows.map((row) => ({
      sessionId: row.public_id,
      createdAt: Number(row.created_at),
      lastUsedAt: Number(row.last_used_at),
      deviceLabel: row.device_label,
      ip: maskedAddress(row.ip_address),
    })),
    total: rows.length,
  };
}
