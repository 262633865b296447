import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { contentTypeOfExtension } from '../../core/image-inspection';
import { isFileKey, storeImageFile, uploadsDirectory } from '../../core/uploads';

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
  const { key, bytes, facts } = await storeImageFile(dataDirectory, dataUrl);
  await db
    .insertInto('upload_file')
    .values({
      user_id: userId,
      file_key: key,
      content_type: facts.contentType,
      byte_size: bytes,
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
