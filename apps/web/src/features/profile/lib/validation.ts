/** Which field of a self-service form a refusal concerns, from its language key. */
export type RefusalField = 'contact' | 'code' | 'password' | 'form';

/**
 * The field a server refusal is shown under (the request layer has already said it in a toast): the
 * address (format, in use, already yours, no account), the code (wrong, expired, too soon), the new
 * password (the rule), else the form as a whole.
 */
export function refusalFieldOf(key: string): RefusalField {
  if (/code_resend_too_soon/.test(key)) return 'contact';
  if (/code/.test(key)) return 'code';
  if (/email|phone|already_bound|account_not_found/.test(key)) return 'contact';
  if (/password/.test(key)) return 'password';
  return 'form';
}
