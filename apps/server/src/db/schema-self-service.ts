import type { profile } from '@kestrel/contract';
import type { Generated } from 'kysely';

/**
 * Tables of account self-service (migration 0011; see schema.ts for the conventions). The session
 * columns that migration adds (public_id, device_label, ip_address) are on SessionTokenTable in schema.ts.
 */
export interface SelfServiceTables {
  security_event: SecurityEventTable;
}

/** One change to an account (or one login), for the customer's security log. */
export interface SecurityEventTable {
  id: Generated<number>;
  user_id: number;
  kind: profile.SecurityEventKind;
  /** Plain text: the masked new contact, the new nickname, the number of sessions ended, or ''. */
  detail: string;
  /** Masked when written (203.0.113.x). */
  ip_masked: string;
  /** The user agent, at most 200 characters. */
  device_label: string;
  created_at: number;
}
