import type { Kysely } from 'kysely';
import { isLanguageCode, type helpCentre } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { sanitizeRichText } from '../../core/rich-text';
import { recordAudit } from '../staff/audit';
import { hasControlCharacters, plainTextOf, searchTextOf, summaryOf } from './help-text';
import { findCategory, operatorArticle, operatorCategory } from './help-operator-repository';

/** Who edits and when: the staff member (already checked for the role) and the request's time. */
export interface Editor {
  staffId: number;
  now: number;
}

/** A map keyed by language code: every key one of our 19 codes, English present, no control characters. */
function checkLanguages(languages: string[], field: string): void {
  const unknown = languages.find((language) => !isLanguageCode(language));
  if (unknown !== undefined) refuse('error.unknown_language', { field, language: unknown });
  if (!languages.includes('en')) refuse('error.help_english_required', { field });
}

function checkPlainText(text: string, field: string): void {
  if (hasControlCharacters(text)) refuse('error.invalid_param', { field });
}

export async function saveCategory(
  db: Kysely<Database>,
  editor: Editor,
  input: { id?: number; sort: number; isVisible: number; nameLang: Record<string, string>; reason: string },
): Promise<helpCentre.OperatorHelpCategory> {
  checkLanguages(Object.keys(input.nameLang), 'nameLang');
  for (const [language, name] of Object.entries(input.nameLang)) checkPlainText(name, `nameLang.${language}`);
  if (input.id !== undefined && !(await findCategory(db, input.id))) refuse('error.help_category_not_found');
  const values = {
    sort: input.sort,
    is_visible: input.isVisible,
    name_lang: JSON.stringify(input.nameLang),
    updated_at: editor.now,
  };
  const id = await db.transaction().execute(async (transaction) => {
    const saved =
      input.id === undefined
        ? await transaction
            .insertInto('help_category')
            .values({ ...values, created_at: editor.now })
            .returning('id')
            .executeTakeFirstOrThrow()
        : await transaction
            .updateTable('help_category')
            .set(values)
            .where('id', '=', input.id)
            .returning('id')
            .executeTakeFirstOrThrow();
    await recordAudit(
      transaction,
      {
        staffId: editor.staffId,
        action: input.id === undefined ? 'help.category_created' : 'help.category_saved',
        targetType: 'help_category',
        targetId: saved.id,
        reason: input.reason,
        entryId: null,
      },
      editor.now,
    );
    return saved.id;
  });
  return (await operatorCategory(db, id))!;
}

export async function setCategoryVisible(
  db: Kysely<Database>,
  editor: Editor,
  input: { id: number; isVisible: number; reason: string },
): Promise<helpCentre.OperatorHelpCategory> {
  await db.transaction().execute(async (transaction) => {
    const updated = await transaction
      .updateTable('help_category')
      .set({ is_visible: input.isVisible, updated_at: editor.now })
      .where('id', '=', input.id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) refuse('error.help_category_not_found');
    await recordAudit(
      transaction,
      {
        staffId: editor.staffId,
        action: input.isVisible === 1 ? 'help.category_shown' : 'help.category_hidden',
        targetType: 'help_category',
        targetId: input.id,
        reason: input.reason,
        entryId: null,
      },
      editor.now,
    );
  });
  return (await operatorCategory(db, input.id))!;
}

interface PreparedText {
  language: string;
  title: string;
  content: string;
  summary: string;
  searchText: string;
  /** The sanitizer changed what the operator sent. */
  sanitized: boolean;
}

/** Each language's text made safe to store: the content through the one allow-list, the rest derived from it. */
function prepareTexts(texts: Record<string, { title: string; content: string }>): PreparedText[] {
  checkLanguages(Object.keys(texts), 'texts');
  return Object.entries(texts).map(([language, text]) => {
    checkPlainText(text.title, `texts.${language}.title`);
    const content = sanitizeRichText(text.content);
    const plain = plainTextOf(content);
    return {
      language,
      title: text.title,
      content,
      summary: summaryOf(plain),
      searchText: searchTextOf(text.title, plain),
      sanitized: content !== text.content.trim(),
    };
  });
}

/**
 * Creates an article or replaces one with exactly the given texts (a language left out is removed),
 * sanitized on save, with the audit row in the same transaction.
 */
export async function saveArticle(
  db: Kysely<Database>,
  editor: Editor,
  input: {
    id?: number;
    categoryId: number;
    sort: number;
    isVisible: number;
    texts: Record<string, { title: string; content: string }>;
    reason: string;
  },
): Promise<helpCentre.OperatorHelpArticle & { sanitizedLanguages: string[] }> {
  const texts = prepareTexts(input.texts);
  if (!(await findCategory(db, input.categoryId))) refuse('error.help_category_not_found');
  const values = {
    category_id: input.categoryId,
    sort: input.sort,
    is_visible: input.isVisible,
    updated_at: editor.now,
  };
  const id = await db.transaction().execute(async (transaction) => {
    const saved =
      input.id === undefined
        ? await transaction
            .insertInto('help_article')
            .values({ ...values, created_at: editor.now })
            .returning('id')
            .executeTakeFirstOrThrow()
        : await transaction
            .updateTable('help_article')
            .set(values)
            .where('id', '=', input.id)
            .returning('id')
            .executeTakeFirst();
    if (!saved) refuse('error.help_article_not_found');
    await transaction.deleteFrom('help_article_text').where('article_id', '=', saved.id).execute();
    await transaction
      .insertInto('help_article_text')
      .values(
        texts.map((text) => ({
          article_id: saved.id,
          language: text.language,
          title: text.title,
          content: text.content,
          summary: text.summary,
          search_text: text.searchText,
          updated_at: editor.now,
        })),
      )
      .execute();
    await recordAudit(
      transaction,
      {
        staffId: editor.staffId,
        action: input.id === undefined ? 'help.article_created' : 'help.article_saved',
        targetType: 'help_article',
        targetId: saved.id,
        reason: input.reason,
        entryId: null,
      },
      editor.now,
    );
    return saved.id;
  });
  const article = (await operatorArticle(db, id))!;
  return { ...article, sanitizedLanguages: texts.filter((text) => text.sanitized).map((text) => text.language) };
}

export async function setArticleVisible(
  db: Kysely<Database>,
  editor: Editor,
  input: { id: number; isVisible: number; reason: string },
): Promise<helpCentre.OperatorHelpArticle> {
  await db.transaction().execute(async (transaction) => {
    const updated = await transaction
      .updateTable('help_article')
      .set({ is_visible: input.isVisible, updated_at: editor.now })
      .where('id', '=', input.id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) refuse('error.help_article_not_found');
    await recordAudit(
      transaction,
      {
        staffId: editor.staffId,
        action: input.isVisible === 1 ? 'help.article_shown' : 'help.article_hidden',
        targetType: 'help_article',
        targetId: input.id,
        reason: input.reason,
        entryId: null,
      },
      editor.now,
    );
  });
  return (await operatorArticle(db, input.id))!;
}
