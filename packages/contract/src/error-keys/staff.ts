/** Refusal keys of the operator console's staff management and sign-in (features/staff, issue 16). */
export const STAFF_ERROR_KEYS = [
  /** The TOTP code was right but has been used already: wait for the next one. */
  'error.staff_code_used',
  /** A staff name is 3 to 64 of a-z, 0-9, ".", "_" or "-", starting with a letter or digit. */
  'error.staff_username_invalid',
  'error.staff_exists',
  'error.staff_not_found',
  /** {min}: characters a staff password needs at least. */
  'error.staff_password_short',
  /** An operator cannot change their own role, disable themselves or reset their own TOTP. */
  'error.staff_self_change',
  /** The last active admin cannot be disabled or given another role. */
  'error.staff_last_admin',
] as const;
