import { funding } from '@kestrel/contract';
import { refuse } from './errors';
import { inspectImage } from './image-inspection';

/**
 * A customer's image upload, decoded and checked (SPEC §5 bounds): the public uploads
 * (features/funding) and the private identity photos (features/identity) take images the same way.
 */

const { UPLOAD_BYTES_MAX, UPLOAD_PIXELS } = funding;

const DATA_URL_PREFIX = /^data:[^,]{0,100};base64,/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a base64 data URL (or bare base64) strictly: Buffer.from would skip stray characters silently. */
export function decodeDataUrl(text: string): Buffer {
  const payload = text.trim().replace(DATA_URL_PREFIX, '');
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64_PATTERN.test(payload)) refuse('error.upload_invalid');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  // Checked before decoding, so an oversized body is never expanded in memory.
  if ((payload.length / 4) * 3 - padding > UPLOAD_BYTES_MAX) {
    refuse('error.upload_too_large', { megabytes: UPLOAD_BYTES_MAX / 1024 / 1024 });
  }
  return Buffer.from(payload, 'base64');
}

/** Type by magic bytes, then the pixel bounds of SPEC §5 in either orientation. */
export function checkImage(bytes: Buffer) {
  const facts = inspectImage(bytes);
  if (!facts) refuse('error.upload_type');
  if (!('width' in facts)) refuse('error.upload_invalid');
  const longSide = Math.max(facts.width, facts.height);
  const shortSide = Math.min(facts.width, facts.height);
  if (shortSide < UPLOAD_PIXELS.sideMin) {
    refuse('error.image_too_small', { width: UPLOAD_PIXELS.sideMin, height: UPLOAD_PIXELS.sideMin });
  }
  if (longSide > UPLOAD_PIXELS.longSideMax || shortSide > UPLOAD_PIXELS.shortSideMax) {
    refuse('error.image_too_large', { width: UPLOAD_PIXELS.longSideMax, height: UPLOAD_PIXELS.shortSideMax });
  }
  return facts;
}

