import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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
