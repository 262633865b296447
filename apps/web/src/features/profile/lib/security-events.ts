import type { profile } from '@kestrel/contract/web';

type SecurityEventKind = profile.SecurityEventKind;

/** How each kind of the security log reads (SECURITY_EVENT_KINDS of the contract). */
export const SECURITY_EVENT_TITLES: Record<SecurityEventKind, string> = {
  login: 'profile.event_login',
  password_changed: 'profile.event_password_changed',
  password_reset: 'profile.event_password_reset',
  email_bound: 'profile.event_email_bound',
  phone_bound: 'profile.event_phone_bound',
  nickname_changed: 'profile.event_nickname_changed',
  avatar_changed: 'profile.event_avatar_changed',
  sessions_revoked: 'profile.event_sessions_revoked',
};

/** The kinds a customer should look at twice when they did not do it themselves. */
const SENSITIVE: ReadonlySet<SecurityEventKind> = new Set([
  'password_changed',
  'password_reset',
  'email_bound',
  'phone_bound',
  'sessions_revoked',
]);

export function isSensitiveEvent(kind: SecurityEventKind): boolean {
  return SENSITIVE.has(kind);
}

/** A kind the app does not know yet (a newer server) still gets a title. */
export function securityEventTitle(kind: string): string {
  return (SECURITY_EVENT_TITLES as Record<string, string>)[kind] ?? 'profile.event_other';
}
