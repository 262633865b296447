import { sql, type Kysely } from 'kysely';
import type { LanguageCode, messages } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import type { Once } from '../../core/idempotency';
import { refuse } from '../../core/errors';
import { pageOffset, pageWithTotal, type PageRequest } from '../../core/paging';
import { sanitizeRichText } from '../../core/rich-text';
import { parseTranslations, pickTranslation } from '../language/language-packs';
import { recordAudit } from '../staff/audit';
import { checkLanguageTexts } from './language-texts';
import { SEED_NOTICES } from './notice-seed';

/**
 * Platform notices: the notify list and the home news strip. Operators write a title and an HTML
 * content per language; the content is sanitized on save with the platform's one allow-list
 * (core/rich-text.ts), so what is stored is already safe. Customers see visible notices whose publish
 * time has come, pinned ones first (higher `sort`), then newest; each in the request's language,
 * English where that one is missing.
 */

/** Characters of plain text a list row's summary shows. */
export const NOTICE_SUMMARY_LENGTH = 140;

/** Plain text of sanitized HTML for a summary: tags dropped, the entities the sanitizer writes decoded. */
export function plainSummary(html: string): string {
  const text = html
    .replace(/<\/(p|h[1-4]|li|blockquote|tr)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(text);
  return characters.length <= NOTICE_SUMMARY_LENGTH ? text : `${characters.slice(0, NOTICE_SUMMARY_LENGTH).join('')}…`;
}

function published(db: Kysely<Database>, now: number) {
  return db.selectFrom('platform_notice').where('is_visible', '=', 1).where('publish_time', '<=', now);
}

export async function listNotices(
  db: Kysely<Database>,
  language: LanguageCode,
  page: PageRequest,
  now: number,
): Promise<{ rows: messages.NoticeSummary[]; total: number }> {
  const found = await pageWithTotal(
    published(db, now)
      .select(['id', 'title_lang', 'content_lang', 'publish_time'])
      .orderBy('sort', 'desc')
      .orderBy('publish_time', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    published(db, now)
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  );
  return {
    rows: found.rows.map((row) => ({
      id: row.id,
      title: pickTranslation(row.title_lang, language),
      summary: plainSummary(pickTranslation(row.content_lang, language)),
      publishTime: Number(row.publish_time),
    })),
    total: found.total,
  };
}

/** A published notice; a hidden, future or missing one reads as not found. */
export async function noticeDetail(
  db: Kysely<Database>,
  id: number,
  language: LanguageCode,
  now: number,
): Promise<messages.NoticeSummary & { content: string }> {
  const row = await published(db, now)
    .select(['id', 'title_lang', 'content_lang', 'publish_time'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) refuse('error.notice_not_found');
  const content = pickTranslation(row.content_lang, language);
  return {
    id: row.id,
    title: pickTranslation(row.title_lang, language),
    summary: plainSummary(content),
    publishTime: Number(row.publish_time),
    content,
  };
}

// ---- Operators ----

type NoticeRow = Awaited<ReturnType<typeof findNotice>>;

function findNotice(db: Kysely<Database>, id: number) {
  return db.selectFrom('platform_notice').selectAll().where('id', '=', id).executeTakeFirst();
}

function operatorView(row: NonNullable<NoticeRow>): messages.OperatorNotice {
  return {
    id: row.id,
    titleLang: parseTranslations(row.title_lang),
    contentLang: parseTranslations(row.content_lang),
    visible: row.is_visible === 1 ? 1 : 0,
    sort: row.sort,
    publishTime: Number(row.publish_time),
    updatedTime: Number(row.updated_at),
  };
}

export async function operatorNotices(
  db: Kysely<Database>,
  page: PageRequest,
): Promise<{ rows: messages.OperatorNotice[]; total: number }> {
  const found = await pageWithTotal(
    db
      .selectFrom('platform_notice')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    db
      .selectFrom('platform_notice')
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirstOrThrow(),
  );
  return { rows: found.rows.map(operatorView), total: found.total };
}

export interface NoticeInput {
  id?: number | undefined;
  titleLang: Record<string, string>;
  contentLang: Record<string, string>;
  visible: number;
  sort: number;
  publishTime?: number | undefined;
  reason: string;
}

/**
 * Creates or edits a notice: every check before the transaction, then the row and its audit line in
 * one (the idempotency record too, so a retried save does not create a second notice).
 */
export async function saveNotice(
  staffId: number,
  input: NoticeInput,
  request: { once: Once; now: number },
): Promise<messages.OperatorNotice> {
  const texts = checkLanguageTexts(input.titleLang, input.contentLang, sanitizeRichText);
  const now = request.now;
  return request.once(async (transaction) => {
    const values = {
      title_lang: JSON.stringify(texts.titles),
      content_lang: JSON.stringify(texts.contents),
      is_visible: input.visible,
      sort: input.sort,
      updated_at: now,
    };
    let id: number;
    if (input.id === undefined) {
      const inserted = await transaction
        .insertInto('platform_notice')
        .values({ ...values, seed_key: null, publish_time: input.publishTime ?? now, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id;
    } else {
      const changed = await transaction
        .updateTable('platform_notice')
        .set(input.publishTime === undefined ? values : { ...values, publish_time: input.publishTime })
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) refuse('error.notice_not_found');
      id = input.id;
    }
    const action = input.id === undefined ? 'notice.create' : 'notice.edit';
    await recordAudit(
      transaction,
      { staffId, action, targetType: 'platform_notice', targetId: id, reason: input.reason, entryId: null },
      now,
    );
    const saved = await findNotice(transaction, id);
    if (!saved) throw new Error(`notice ${id} vanished inside its own save`);
    return operatorView(saved);
  });
}

/** Shows or hides a notice, with its audit line; setting what is already set changes nothing else. */
export async function setNoticeVisible(
  db: Kysely<Database>,
  staffId: number,
  input: { id: number; visible: number; reason: string },
  now: number,
): Promise<messages.OperatorNotice> {
  return db.transaction().execute(async (transaction) => {
    const changed = await transaction
      .updateTable('platform_notice')
      .set({ is_visible: input.visible, updated_at: now })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) refuse('error.notice_not_found');
    await recordAudit(
      transaction,
      {
        staffId,
        action: input.visible === 1 ? 'notice.show' : 'notice.hide',
        targetType: 'platform_notice',
        targetId: input.id,
        reason: input.reason,
        entryId: null,
      },
      now,
    );
    const saved = await findNotice(transaction, input.id);
    if (!saved) throw new Error(`notice ${input.id} vanished inside its own change`);
    return operatorView(saved);
  });
}

/**
 * The notices of a fresh install, each once: keyed by seed_key, so a restart, a second process or an
 * operator's edit never brings a seeded notice back or writes it twice.
 */
export async function seedNotices(db: Kysely<Database>, now: number): Promise<void> {
  for (const notice of SEED_NOTICES) {
    const contents = Object.fromEntries(
      Object.entries(notice.contentLang).map(([language, html]) => [language, sanitizeRichText(html)]),
    );
    await db
      .insertInto('platform_notice')
      .values({
        seed_key: notice.seedKey,
        title_lang: JSON.stringify(notice.titleLang),
        content_lang: JSON.stringify(contents),
        is_visible: 1,
        sort: notice.sort,
        publish_time: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('seed_key').doNothing())
      .execute();
  }
}
