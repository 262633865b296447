import { platformTexts } from '@kestrel/contract';
import { refuse } from '../../core/errors';
import { sanitizeRichText } from '../../core/rich-text';

/** A tag, a closing tag, a comment or a declaration: what makes text markup. A lone "<" (as in "1 < 2") is text. */
const MARKUP = /<[a-zA-Z!/?]/;
/** C0 controls and DEL other than tab and line feed: invisible, and some break a one-line ticker. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const TAGS = /<[^>]*>/g;

export interface TextFieldRule {
  richText: boolean;
  maxLength: number;
}

/** The rule of one field of one kind, or undefined when the kind has no such field. */
export function fieldRule(
  kind: platformTexts.PlatformTextKind,
  field: platformTexts.PlatformTextFieldName,
): TextFieldRule | undefined {
  const fields: Partial<Record<platformTexts.PlatformTextFieldName, TextFieldRule>> =
    platformTexts.PLATFORM_TEXT_FIELDS[kind];
  return fields[field];
}

/** Length as a reader counts it: code points, so an emoji or a CJK extension character is one. */
function characters(text: string): number {
  return [...text].length;
}

/** True when rich text shows nothing: no words once the tags are gone, and no image. */
function showsNothing(html: string): boolean {
  return (
    html
      .replace(TAGS, '')
      .replace(/&nbsp;|&#160;/gi, '')
      .trim() === '' && !/<img\b/i.test(html)
  );
}

/**
 * The text as it will be stored, or a refusal naming the language: line ends made `\n`, outer space
 * trimmed; rich text sanitized with the shared allow-list; plain text refused when it carries markup
 * (never stored "cleaned", so the operator sees exactly what customers will read).
 */
export function storedText(raw: string, rule: TextFieldRule, language: string): string {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (CONTROL_CHARACTERS.test(text)) refuse('error.invalid_param', { field: `texts.${language}` });
  if (!rule.richText && MARKUP.test(text)) refuse('error.platform_text_markup', { language });
  const stored = rule.richText ? sanitizeRichText(text) : text;
  if (stored === '' || (rule.richText && showsNothing(stored))) refuse('error.platform_text_empty', { language });
  if (characters(stored) > rule.maxLength) {
    refuse('error.platform_text_too_long', { language, max: rule.maxLength });
  }
  return stored;
}
