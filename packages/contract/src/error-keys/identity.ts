/**
 * Refusal keys of identity verification (features/identity, issue 14). Every key exists in every
 * language pack. Uploads also refuse with error.upload_invalid, error.upload_type, error.upload_too_large,
 * error.image_too_small and error.image_too_large; submissions from a demo session with
 * error.real_account_only.
 */
export const IDENTITY_ERROR_KEYS = [
  /** The authMethod does not belong to the level sent. */
  'error.identity_method_invalid',
  /** The legal name is not 2 to 64 characters of text. Params: min, max. */
  'error.identity_name_invalid',
  /** An ID card number is 15 or 18 digits (SPEC §5); other documents 6 to 20 letters and digits. */
  'error.identity_number_invalid',
  /** A photo the level needs is missing. Params: field (img1Key, img2Key or img3Key). */
  'error.identity_image_required',
  /** A photo key this customer did not upload (another customer's reads exactly the same). Params: field. */
  'error.identity_image_not_found',
  /** This level already waits for review. */
  'error.identity_pending',
  /** This level has already passed. */
  'error.identity_already_passed',
  /** Advanced verification needs basic verification passed first. */
  'error.identity_basic_first',
  /** A gated action (contracts) needs basic verification. */
  'error.identity_basic_required',
  /** A withdrawal worth more than the published amount needs basic verification. Params: limit (USDT). */
  'error.identity_withdrawal_required',
  /** A gated action (loans) needs advanced verification. */
  'error.identity_advanced_required',
  /** Operator: no verification has that id. */
  'error.identity_not_found',
  /** Operator: the verification was already reviewed (two operators acting at once: the second gets this). */
  'error.identity_not_pending',
  /** Operator: a rejection needs the reason the customer will read. */
  'error.identity_reason_required',
] as const;
