/**
 * Refusal keys of account self-service (features/account, issue 15 part 4). Every key exists in every
 * language pack. These calls also refuse with the account keys: error.code_invalid, error.code_expired,
 * error.email_invalid, error.phone_invalid, error.password_rule, error.wrong_old_password.
 */
export const PROFILE_ERROR_KEYS = [
  /** 1 to 32 characters, no control characters, no < or >. */
  'error.nickname_invalid',
  /** The avatar is not an image this customer uploaded (another customer's reads exactly the same). */
  'error.avatar_not_found',
  /** Another account uses this email (as its login or as its bound email). */
  'error.email_in_use',
  'error.phone_in_use',
  /** The email or phone given is already this account's own. */
  'error.already_bound',
  /** No live session of this customer has that id. */
  'error.session_not_found',
  /** Self-service from a demo session: switch back to the real account first. */
  'error.real_account_only',
] as const;
