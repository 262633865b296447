import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { checkImage, decodeDataUrl } from '../../core/image-upload';
import { contentTypeOfExtension } from '../../core/image-inspection';
import { ImageStructureError, stripImageMetadata } from '../../core/image-metadata';

/**
 * Document photos (issue 14): unlike deposit proofs, which are served by their content hash, these
 * live in their own folder outside the public uploads, under a random name, with metadata removed, and
 * are read only through an owner's or a reviewing operator's request.
 */

const IMAGE_KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export function identityImagesDirectory(dataDirectory: string): string {
  return path.join(dataDirectory, 'identity');
}

export function isIdentityImageKey(text: string): boolean {
  return IMAGE_KEY_PATTERN.test(text);
}

export async function storeIdentityImage(
  db: Kysely<Database>,
  dataDirectory: string,
  userId: number,
  dataUrl: string,
  now: number,
): Promise<{ key: string }> {
  const bytes = decodeDataUrl(dataUrl);
  const facts = checkImage(bytes);
  let stripped: Buffer;
  try {
    stripped = stripImageMetadata(bytes, facts.type);
  } catch (error) {
    if (error instanceof ImageStructureError) refuse('error.upload_invalid');
    throw error;
  }
  const key = `${randomBytes(16).toString('hex')}.${facts.extension}`;
  const directory = identityImagesDirectory(dataDirectory);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  // Written aside and renamed, so a reader never sees half a file.
  const partial = path.join(directory, `.${key}.partial`);
  await writeFile(partial, stripped, { mode: 0o600 });
  await rename(partial, path.join(directory, key));
  await db
    .insertInto('identity_image')
    .values({
      user_id: userId,
      image_key: key,
      content_type: facts.contentType,
      byte_size: stripped.length,
      created_at: now,
    })
    .execute();
  return { key };
}

/** Whether the image is this customer's (another customer's reads exactly like a missing one). */
export async function isIdentityImageOf(db: Kysely<Database>, userId: number, key: string): Promise<boolean> {
  if (!isIdentityImageKey(key)) return false;
  const row = await db
    .selectFrom('identity_image')
    .select('id')
    .where('user_id', '=', userId)
    .where('image_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** The bytes of a stored photo, when `owner` (a customer id, or null for a reviewing operator) may read it. */
export async function readIdentityImage(
  db: Kysely<Database>,
  dataDirectory: string,
  key: string,
  owner: number | null,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!isIdentityImageKey(key)) return null;
  if (owner !== null && !(await isIdentityImageOf(db, owner, key))) return null;
  if (owner === null) {
    const known = await db.selectFrom('identity_image').select('id').where('image_key', '=', key).executeTakeFirst();
    if (!known) return null;
  }
  const contentType = contentTypeOfExtension(key.slice(key.lastIndexOf('.') + 1));
  if (!contentType) return null;
  try {
    return { bytes: await readFile(path.join(identityImagesDirectory(dataDirectory), key)), contentType };
  } catch {
    return null;
  }
}
