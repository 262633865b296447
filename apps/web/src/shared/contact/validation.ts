import { isEmail, isInternationalPhone, isMainlandPhone, isValidPassword, isVerificationCode } from '@kestrel/domain';

/*
 * The field checks of the login, registration and self-service forms (SPEC §5): the same domain
 * validators the server refuses with.
 */

/** Mainland China's area code: its numbers follow the mainland rule, every other code the international one. */
export const MAINLAND_AREA_CODE = '86';

export type ContactKind = 'email' | 'phone';

/** The language key of the phone rule an area code's numbers follow, shown under the phone field. */
export function phoneRuleKey(areaCode: string): 'auth.phone_rule_mainland' | 'auth.phone_rule_international' {
  return areaCode === MAINLAND_AREA_CODE ? 'auth.phone_rule_mainland' : 'auth.phone_rule_international';
}

/** The language key of what is wrong with a field, or null when it is fine. */
export type FieldError = string | null;

export function contactError(kind: ContactKind, value: string, areaCode: string): FieldError {
  if (value === '') return kind === 'email' ? 'auth.enter_email' : 'auth.enter_phone';
  if (kind === 'email') return isEmail(value) ? null : 'error.email_invalid';
  const valid = areaCode === MAINLAND_AREA_CODE ? isMainlandPhone(value) : isInternationalPhone(value);
  return valid ? null : 'error.phone_invalid';
}

export function passwordError(value: string): FieldError {
  if (value === '') return 'auth.enter_password';
  return isValidPassword(value) ? null : 'error.password_rule';
}

export function confirmError(password: string, confirm: string): FieldError {
  if (confirm === '') return 'auth.enter_confirm';
  return confirm === password ? null : 'auth.passwords_differ';
}

export function codeError(value: string): FieldError {
  return isVerificationCode(value) ? null : 'auth.code_format';
}

/** How the server names a phone account: "area-number" (login and the reset accept it as userAccount). */
export function phoneAccount(areaCode: string, phone: string): string {
  return `${areaCode}-${phone}`;
}
