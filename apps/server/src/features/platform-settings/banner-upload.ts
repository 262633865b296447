import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { storeImageFile } from '../../core/uploads';
import { auditedChange, type SettingActor } from './audited-change';

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
  const { key, bytes, facts } = await storeImageFile(dataDirectory, dataUrl);
  const after = { url: `/uploads/${key}`, key, contentType: facts.contentType, bytes };
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
