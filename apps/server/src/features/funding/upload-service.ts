import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { funding } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { contentTypeOfExtension, inspectImage } from './image-inspection';
import { isFileKey } from '../../core/uploads';

const { UPLOAD_BYTES_MAX, UPLOAD_PIXELS } = funding;

const DATA_URL_PREFIX = /^data:[^,]{0,100};base64,/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

export function uploadsDirectory(dataDirectory: string): string {
  return path.join(dataDirectory, 'uploads');
}

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

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks and stores an image for a customer. Files are content-addressed, so the same image uploaded
 * twice is stored once; the row per (customer, file) is what proves the customer uploaded it.
 */
export async function storeUpload(
  db: Kysely<Database>,
  dataDirectory: string,
  userId: number,
  dataUrl: string,
  now: number,
): Promise<{ url: string; key: string }> {
  const bytes = decodeDataUrl(dataUrl);
  const facts = checkImage(bytes);
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${facts.extension}`;
  const directory = uploadsDirectory(dataDirectory);
  const file = path.join(directory, key);
  if (!(await exists(file))) {
    await mkdir(directory, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = path.join(directory, `.${key}.${randomBytes(6).toString('hex')}.partial`);
    await writeFile(partial, bytes, { mode: 0o640 });
    await rename(partial, file);
  }
  await db
    .insertInto('upload_file')
    .values({
      user_id: userId,
      file_key: key,
      content_type: facts.contentType,
      byte_size: bytes.length,
      width: facts.width,
      height: facts.height,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'file_key']).doNothing())
    .execute();
  return { url: `/uploads/${key}`, key };
}

/** The bytes and content type of a stored file, or null for any name that is not one we wrote. */
export async function readUpload(
  dataDirectory: string,
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!isFileKey(name)) return null;
  const contentType = contentTypeOfExtension(name.slice(name.lastIndexOf('.') + 1));
  if (!contentType) return null;
  try {
    return { bytes: await readFile(path.join(uploadsDirectory(dataDirectory), name)), contentType };
  } catch {
    return null;
  }
}
