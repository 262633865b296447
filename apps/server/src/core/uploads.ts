import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { checkImage, decodeDataUrl } from './image-upload';

/** A stored file's name: the SHA-256 of its bytes and the extension of its checked type. Nothing else is served. */
const FILE_KEY_PATTERN = /^[0-9a-f]{64}\.(png|jpg|webp)$/;

export function isFileKey(text: string): boolean {
  return FILE_KEY_PATTERN.test(text);
}

/** An image field (a deposit proof, a repayment receipt) may carry the key or the URL the upload answered; both name the same file. */
export function fileKeyFrom(reference: string): string | null {
  const key = reference.trim().replace(/^\/uploads\//, '');
  return isFileKey(key) ? key : null;
}

/** Whether `key` is an upload of this customer (another customer's file reads exactly like a missing one). */
export async function isUploadOf(db: Kysely<Database>, userId: number, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('upload_file')
    .select('id')
    .where('user_id', '=', userId)
    .where('file_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** Where uploaded images live: content-addressed files served at `/uploads/<key>`. */
export function uploadsDirectory(dataDirectory: string): string {
  return path.join(dataDirectory, 'uploads');
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes a data URL strictly, checks the image against SPEC's bounds and stores it under the SHA-256
 * of its bytes (the same image twice is one file). Who may name it is the caller's business: a
 * customer's upload row, an operator's audited banner.
 */
export async function storeImageFile(
  dataDirectory: string,
  dataUrl: string,
): Promise<{ key: string; bytes: number; facts: ReturnType<typeof checkImage> }> {
  const bytes = decodeDataUrl(dataUrl);
  const facts = checkImage(bytes);
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${facts.extension}`;
  const directory = uploadsDirectory(dataDirectory);
  const file = path.join(directory, key);
  if (!(await fileExists(file))) {
    await mkdir(directory, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = path.join(directory, `.${key}.${randomBytes(6).toString('hex')}.partial`);
    await writeFile(partial, bytes, { mode: 0o640 });
    await rename(partial, file);
  }
  return { key, bytes: bytes.length, facts };
}
