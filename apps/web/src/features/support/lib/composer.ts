import { support } from '@kestrel/contract/web';

/**
 * What the server refuses in a message: C0 and C1 control characters other than tab and line feed, and
 * lone UTF-16 surrogates (apps/server/src/features/support/message-text.ts).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Cs}/u;

/** Characters as the customer sees them (an emoji is one), as the server counts them. */
export function characterCount(text: string): number {
  return [...text].length;
}

export type TextCheck =
  | { ok: true; text: string }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'too_long'; max: number }
  | { ok: false; reason: 'invalid' };

/**
 * The server's checks of a text message, in its order, before it is sent: line endings normalised,
 * trimmed, not empty, no control characters, at most SUPPORT_TEXT_MAX characters (code points). The
 * message sent is the normalised, trimmed text.
 */
export function checkMessageText(draft: string): TextCheck {
  const text = draft.replace(/\r\n?/g, '\n').trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (FORBIDDEN.test(text)) return { ok: false, reason: 'invalid' };
  if (characterCount(text) > support.SUPPORT_TEXT_MAX) {
    return { ok: false, reason: 'too_long', max: support.SUPPORT_TEXT_MAX };
  }
  return { ok: true, text };
}

/** The picture formats the chat sends (what the compression reads in every browser). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The largest picture taken from the phone before compression (the upload itself is at most 2 MB). */
export const PICK_BYTES_MAX = 20 * 1024 * 1024;

/** Why a picked file cannot be sent as an image, or null when it can (it is then compressed). */
export function checkPickedImage(file: { type: string; size: number }): 'not_image' | 'too_large' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'not_image';
  if (file.size > PICK_BYTES_MAX) return 'too_large';
  return null;
}
