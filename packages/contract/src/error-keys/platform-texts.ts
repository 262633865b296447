/**
 * Refusal keys of the platform texts' operator editing: features/launch (issue 15 part 6). Every key
 * exists in every language pack. Each names the language of the text it refuses ({language}, a code
 * such as `ar`), because one save may carry all 19.
 */
export const PLATFORM_TEXT_ERROR_KEYS = [
  /** No such pop-up, tip or site text, or the field is not one of that kind's. */
  'error.platform_text_not_found',
  /** A plain text carries markup (a tag such as <b>, </p> or <!--). */
  'error.platform_text_markup',
  /** Longer than the field allows ({max} characters). */
  'error.platform_text_too_long',
  /** Empty, or a rich text with nothing left once sanitized. */
  'error.platform_text_empty',
] as const;
