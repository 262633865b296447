// Plain and schema-free, so the phone's view of `profile` re-exports this rather than a copy.

/** What the security log records, one row per change (and one per login). */
export const SECURITY_EVENT_KINDS = [
  'login',
  'password_changed',
  'password_reset',
  'email_bound',
  'phone_bound',
  'nickname_changed',
  'avatar_changed',
  'sessions_revoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
