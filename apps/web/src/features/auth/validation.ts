import type { FieldError } from '../../shared/contact/validation';

// The contact, password and code checks are shared with the self-service forms: shared/contact/validation.ts.

export function inviteCodeError(value: string, required: boolean): FieldError {
  if (value === '') return required ? 'error.invite_code_required' : null;
  return /^[A-Za-z0-9]{1,16}$/.test(value) ? null : 'error.invite_code_invalid';
}
