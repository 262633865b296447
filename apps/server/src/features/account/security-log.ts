import type { Kysely } from 'kysely';
import type { profile } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { readPage, type PageRequest } from '../../core/paging';
import { maskIp, type SessionOrigin } from './session-origin';

const DETAIL_LENGTH_MAX = 200;

/**
 * Writes one row of the customer's security log. Called inside the transaction of the change it
 * records, so a change is never without its row and a rolled-back change never leaves one.
 */
export async function recordSecurityEvent(
  transaction: Kysely<Database>,
  event: { userId: number; kind: profile.SecurityEventKind; detail?: string; origin: SessionOrigin; now: number },
): Promise<void> {
  await transaction
    .insertInto('security_event')
    .values({
      user_id: event.userId,
      kind: event.kind,
      detail: [...(event.detail ?? '')].slice(0, DETAIL_LENGTH_MAX).join(''),
      ip_masked: maskIp(event.origin.ip),
      device_label: event.origin.deviceLabel,
      created_at: event.now,
    })
    .execute();
}

/** One page of a customer's own log, newest first (ids grow with time). */
export async function listSecurityEvents(
  db: Kysely<Database>,
  userId: number,
  page: PageRequest,
): Promise<{ rows: profile.SecurityEvent[]; total: number }> {
  return readPage(
    db
      .selectFrom('security_event')
      .select(['id', 'kind', 'detail', 'ip_masked', 'device_label', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc'),
    page,
    (row) => ({
      id: row.id,
      kind: row.kind,
      detail: row.detail,
      ip: row.ip_masked,
      deviceLabel: row.device_label,
      createTime: Number(row.created_at),
    }),
  );
}

/** A phone as the log shows it: the area, then only the last four digits (+86 ***5678). */
export function maskPhone(areaCode: string, phone: string): string {
  return `+${areaCode} ***${phone.slice(-4)}`;
}
