import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_LANGUAGE, type LanguageCode, type operatorSettings } from '@kestrel/contract';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { HomeBannerTable } from '../../db/schema-operator-settings';
import { refuse } from '../../core/errors';
import { uploadsDirectory } from '../../core/uploads';
import { auditedChange, type SettingActor } from './audited-change';
import { checkPlainText, isAppRoute, isHttpsUrl, uploadKeyOf } from './setting-rules';

type BannerSave = z.output<typeof operatorSettings.operatorBannerSave.body>;

export function bannerView(row: Selectable<HomeBannerTable>): operatorSettings.Banner {
  return {
    id: row.id,
    language: row.language,
    title: row.title,
    imageUrl: row.image_url,
    link: row.link,
    isVisible: row.is_visible === 1 ? 1 : 0,
    sort: row.sort,
  };
}

export async function listBanners(db: Kysely<Database>, language?: LanguageCode): Promise<operatorSettings.Banner[]> {
  let select = db.selectFrom('home_banner').selectAll();
  if (language) select = select.where('language', '=', language);
  const rows = await select.orderBy('language').orderBy('sort').orderBy('id').execute();
  return rows.map(bannerView);
}

/** What the home screen shows: the visible banners of the language, or the English ones when it has none. */
export async function customerBanners(db: Kysely<Database>, language: LanguageCode) {
  const visible = (code: string) =>
    db
      .selectFrom('home_banner')
      .select(['id', 'title', 'image_url', 'link'])
      .where('language', '=', code)
      .where('is_visible', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  let rows = await visible(language);
  if (rows.length === 0 && language !== DEFAULT_LANGUAGE) rows = await visible(DEFAULT_LANGUAGE);
  return rows.map((row) => ({ id: row.id, title: row.title, imageUrl: row.image_url, link: row.link }));
}

async function isStoredUpload(dataDirectory: string, key: string): Promise<boolean> {
  try {
    return (await stat(path.join(uploadsDirectory(dataDirectory), key))).isFile();
  } catch {
    return false;
  }
}

/** An image is an upload that exists (`/uploads/<key>`) or an https address; nothing else is shown. */
async function checkImage(dataDirectory: string, imageUrl: string): Promise<void> {
  const key = uploadKeyOf(imageUrl);
  if (key !== null ? await isStoredUpload(dataDirectory, key) : isHttpsUrl(imageUrl)) return;
  refuse('error.banner_image_invalid');
}

/** Creates (no id) or edits a banner; every field is checked before the transaction starts. */
export async function saveBanner(
  db: Kysely<Database>,
  dataDirectory: string,
  actor: SettingActor,
  input: BannerSave,
): Promise<operatorSettings.Banner> {
  const title = checkPlainText('title', input.title);
  await checkImage(dataDirectory, input.imageUrl);
  if (input.link !== '' && !isAppRoute(input.link) && !isHttpsUrl(input.link)) {
    refuse('error.page_route_unknown', { field: 'link' });
  }
  const columns = {
    language: input.language,
    title,
    image_url: input.imageUrl,
    link: input.link,
    is_visible: input.isVisible,
    sort: input.sort,
    updated_at: actor.now,
  };
  return auditedChange(db, actor, { action: 'banner.save', targetType: 'home_banner' }, async (transaction) => {
    if (input.id === undefined) {
      const created = await transaction
        .insertInto('home_banner')
        .values(columns)
        .returning('id')
        .executeTakeFirstOrThrow();
      const result = bannerView({ ...columns, id: created.id });
      return { targetId: created.id, before: undefined, after: result, result };
    }
    const before = await transaction
      .selectFrom('home_banner')
      .selectAll()
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!before) refuse('error.setting_not_found');
    await transaction.updateTable('home_banner').set(columns).where('id', '=', input.id).execute();
    const result = bannerView({ ...columns, id: input.id });
    return { targetId: input.id, before: bannerView(before), after: result, result };
  });
}
