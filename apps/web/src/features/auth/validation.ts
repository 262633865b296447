import { isEmail, isInternationalPhone, isMainlandPhone, isValidPassword, isVerificationCode } from '@kestrel/domain';

/** Mainland China's area code: its numbers follow the mainland rule, every other code the international one. */
export const MAINLAND_AREA_CODE = '86';

export type AccountKind = 'email' | 'phone';

/** The language key of what is wrong with a field, or null when it is fine (SPEC §5). */
export type FieldError = string | null;

export function accountError(kind: AccountKind, value: string, areaCode: string): FieldError {
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

export function inviteCodeError(value: string, required: boolean): FieldError {
  if (value === '') return required ? 'error.invite_code_required' : null;
  return /^[A-Za-z0-9]{1,16}$/.test(value) ? null : 'error.invite_code_invalid';
}

/** How the server names a phone account: "area-number" (login accepts it as userAccount). */
export function phoneAccount(areaCode: string, phone: string): string {
  return `${areaCode}-${phone}`;
}
