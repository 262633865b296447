/**
 * Refusal keys of the help centre (features/help-centre) and live customer service
 * (features/support). Every key exists in every language pack. These features also refuse with shared
 * keys: error.operator_forbidden, error.unknown_language, error.invalid_param.
 */
export const SUPPORT_ERROR_KEYS = [
  // Help centre
  'error.help_category_not_found',
  'error.help_article_not_found',
  /** The search text is longer than the search allows. */
  'error.help_keyword_too_long',
  /** A category name or an article needs its English text: the other languages fall back to it. */
  'error.help_english_required',
  // Customer service
  /** Neither text nor an image, or only spaces. */
  'error.support_message_empty',
  /** Text and an image in one message: send them one after the other. */
  'error.support_text_or_image',
  /** Longer than {max} characters. */
  'error.support_text_too_long',
  /** Control characters (other than line breaks and tabs) in the text. */
  'error.support_text_invalid',
  /** Not an image this customer uploaded. */
  'error.support_image_not_found',
  /** Too many messages: wait {seconds} s. */
  'error.support_too_fast',
  'error.support_conversation_not_found',
] as const;
