import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { checkImage, decodeDataUrl } from '../../core/image-upload';
import { auditedChange, type SettingActor } from './audited-change';
import { uploadsFolder } from './banner-service';

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores a banner image the way customer uploads are stored (content-addressed under the data
 * folder's uploads, served at `/uploads/<key>`), after the same strict decode and image checks. The
 * upload is audited: who put which file on the public site.
 */
export async function storeBannerImage(
  db: Kysely<Database>,
  dataDirectory: string,
  actor: Omit<SettingActor, 'reason'>,
  dataUrl: string,
): Promise<{ url: string; key: string }> {
  const bytes = decodeDataUrl(dataUrl);
  const facts = checkImage(bytes);
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${facts.extension}`;
  const directory = uploadsFolder(dataDirectory);
  const file = path.join(directory, key);
  if (!(await exists(file))) {
    await mkdir(directory, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = path.join(directory, `.${key}.${randomBytes(6).toString('hex')}.partial`);
    await writeFile(partial, bytes, { mode: 0o640 });
    await rename(partial, file);
  }
  const after = { url: `/uploads/${key}`, key, contentType: facts.contentType, bytes: bytes.length };
  return auditedChange(
    db,
    { ...actor, reason: 'banner image upload' },
    { action: 'banner.image_upload', targetType: 'upload' },
    async () => ({
      targetId: key.slice(0, key.indexOf('.')),
      before: undefined,
      after,
      result: { url: after.url, key },
    }),
  );
}
