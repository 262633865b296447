import { support } from '@kestrel/contract';
import { refuse } from '../../core/errors';

const { SUPPORT_TEXT_MAX } = support;

/** C0 and C1 controls other than tab and line feed, and lone UTF-16 surrogates (not text at all). */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Cs}/u;
const PREVIEW_CHARACTERS = 80;

/**
 * A chat line as it will be stored: line endings normalised, trimmed, 1 to SUPPORT_TEXT_MAX characters
 * (counted as code points, as PostgreSQL's varchar counts them), no control characters. Markup is
 * not refused: it is stored as typed and every client shows it as text, so it can never run.
 */
export function checkedMessageText(text: string): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '') refuse('error.support_message_empty');
  if (FORBIDDEN_CHARACTERS.test(trimmed)) refuse('error.support_text_invalid');
  if ([...trimmed].length > SUPPORT_TEXT_MAX) refuse('error.support_text_too_long', { max: SUPPORT_TEXT_MAX });
  return trimmed;
}

/** The start of a line on one line, for the staff's conversation list ('' for an image). */
export function previewOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length <= PREVIEW_CHARACTERS ? line : `${characters.slice(0, PREVIEW_CHARACTERS - 1).join('')}…`;
}
