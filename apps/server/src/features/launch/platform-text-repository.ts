import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { LANGUAGE_CODES, platformTexts } from '@kestrel/contract';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { pageOffset } from '../../core/paging';
import { parseTranslations } from '../language/language-packs';

type Kind = platformTexts.PlatformTextKind;
type FieldName = platformTexts.PlatformTextFieldName;
type TextMap = Record<string, string>;

/** The one site row (site_info id 1) is the only site text; it is always the seeded one. */
const SITE_ID = 1;
const SITE_SEED_KEY = 'site';

/** One editable record as stored: its texts per field, each a language-to-text map. */
export interface StoredTexts {
  kind: Kind;
  id: number;
  seedKey: string | null;
  label: string;
  visible: number;
  fields: Partial<Record<FieldName, TextMap>>;
}

interface Page {
  pageNum: number;
  pageSize: number;
}

/** Takes the row's lock on PostgreSQL; SQLite runs one write transaction at a time already. */
type Lock = DialectName | undefined;

/**
 * How both tables of many records are read: one record by id (locked when asked), or a page in id order.
 * Written with `sql.ref` so one function serves both tables' queries.
 */
function oneOrPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  where: { id: number; lock: Lock } | Page,
): SelectQueryBuilder<DB, TB, Row> {
  if (!('id' in where)) return query.orderBy(sql.ref('id')).limit(where.pageSize).offset(pageOffset(where));
  const one = query.where(sql<boolean>`${sql.ref('id')} = ${where.id}`);
  return where.lock === 'postgres' ? one.forUpdate() : one;
}

async function popUps(db: Kysely<Database>, where: { id: number; lock: Lock } | Page): Promise<StoredTexts[]> {
  const rows = await oneOrPage(
    db.selectFrom('pop_up').select(['id', 'seed_key', 'title_lang', 'content_lang', 'is_visible']),
    where,
  ).execute();
  return rows.map((row) => {
    const title = parseTranslations(row.title_lang);
    return {
      kind: 'popUp',
      id: row.id,
      seedKey: row.seed_key,
      label: title.en ?? Object.values(title)[0] ?? '',
      visible: row.is_visible,
      fields: { title, content: parseTranslations(row.content_lang) },
    };
  });
}

async function tips(db: Kysely<Database>, where: { id: number; lock: Lock } | Page): Promise<StoredTexts[]> {
  const rows = await oneOrPage(
    db.selectFrom('tips_setting').select(['id', 'seed_key', 'remark', 'content_lang', 'content_visible_flag']),
    where,
  ).execute();
  return rows.map((row) => ({
    kind: 'tip',
    id: row.id,
    seedKey: row.seed_key,
    label: row.remark,
    visible: row.content_visible_flag,
    fields: { content: parseTranslations(row.content_lang) },
  }));
}

async function site(db: Kysely<Database>, lock: Lock): Promise<StoredTexts[]> {
  let query = db.selectFrom('site_info').select(['description', 'description_lang']).where('id', '=', SITE_ID);
  if (lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return [];
  // A row from before 0012 (or written by hand) may know its English only through `description`.
  const description = { en: row.description, ...parseTranslations(row.description_lang) };
  return [
    { kind: 'siteInfo', id: SITE_ID, seedKey: SITE_SEED_KEY, label: 'site', visible: 1, fields: { description } },
  ];
}

async function countOf(db: Kysely<Database>, kind: Kind): Promise<number> {
  if (kind === 'siteInfo') return (await site(db, undefined)).length;
  const table = kind === 'popUp' ? 'pop_up' : 'tips_setting';
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One page of one kind's records, oldest first, with the kind's count. */
export async function platformTextPage(
  db: Kysely<Database>,
  kind: Kind,
  page: Page,
): Promise<{ rows: StoredTexts[]; total: number }> {
  const [rows, total] = await Promise.all([
    kind === 'popUp'
      ? popUps(db, page)
      : kind === 'tip'
        ? tips(db, page)
        : pageOffset(page) === 0
          ? site(db, undefined)
          : [],
    countOf(db, kind),
  ]);
  return { rows, total };
}

/** One record, locked for the rest of the transaction when `lock` is 'postgres'. */
export async function findPlatformTexts(
  db: Kysely<Database>,
  kind: Kind,
  id: number,
  lock: Lock,
): Promise<StoredTexts | undefined> {
  const found =
    kind === 'popUp'
      ? await popUps(db, { id, lock })
      : kind === 'tip'
        ? await tips(db, { id, lock })
        : id === SITE_ID
          ? await site(db, lock)
          : [];
  return found[0];
}

/** Writes one field's whole map; the site's English is kept in `description` too, for readers that know only it. */
export async function writePlatformTextField(
  transaction: Kysely<Database>,
  kind: Kind,
  id: number,
  field: FieldName,
  texts: TextMap,
): Promise<void> {
  const json = JSON.stringify(texts);
  if (kind === 'popUp') {
    const values = field === 'title' ? { title_lang: json } : { content_lang: json };
    await transaction.updateTable('pop_up').set(values).where('id', '=', id).execute();
  } else if (kind === 'tip') {
    await transaction.updateTable('tips_setting').set({ content_lang: json }).where('id', '=', id).execute();
  } else {
    await transaction
      .updateTable('site_info')
      .set({ description_lang: json, ...(texts.en === undefined ? {} : { description: texts.en }) })
      .where('id', '=', id)
      .execute();
  }
}

export interface Revision {
  kind: Kind;
  recordId: number;
  field: FieldName;
  language: string;
  before: string | null;
  after: string;
  staffId: number;
  reason: string;
}

export async function recordRevisions(
  transaction: Kysely<Database>,
  revisions: Revision[],
  now: number,
): Promise<void> {
  if (revisions.length === 0) return;
  await transaction
    .insertInto('platform_text_revision')
    .values(
      revisions.map((revision) => ({
        kind: revision.kind,
        record_id: revision.recordId,
        field: revision.field,
        language: revision.language,
        before_text: revision.before,
        after_text: revision.after,
        staff_id: revision.staffId,
        reason: revision.reason,
        created_at: now,
      })),
    )
    .execute();
}

/** The operator's view: every field of the kind with its rule, its texts and the languages it lacks. */
export function platformTextView(stored: StoredTexts): platformTexts.PlatformTextRecord {
  const rules: Partial<Record<FieldName, { richText: boolean; maxLength: number }>> =
    platformTexts.PLATFORM_TEXT_FIELDS[stored.kind];
  const fields = platformTexts.PLATFORM_TEXT_FIELD_NAMES.flatMap((field) => {
    const rule = rules[field];
    if (!rule) return [];
    const texts = stored.fields[field] ?? {};
    return [
      {
        field,
        richText: rule.richText ? 1 : 0,
        maxLength: rule.maxLength,
        texts,
        missingLanguages: LANGUAGE_CODES.filter((language) => !texts[language]?.trim()),
      },
    ];
  });
  return {
    kind: stored.kind,
    id: stored.id,
    seedKey: stored.seedKey ?? '',
    label: stored.label,
    visible: stored.visible,
    fields,
  };
}
