// Endpoints of the help centre (Q&A): features/help-centre (issue 15 part 2). Exported as `helpCentre`.
//
// Categories and articles, each with a text per language. An answer is in the request's language
// (the `LanguageId` or `Accept-Language` header) and says which language it actually used: an article
// or a category without a text in that language falls back to English.
//
// Article content is rich text (HTML). The server sanitizes it when an operator saves it (one
// allow-list, apps/server/src/core/rich-text.ts: no script, no event handler attribute, no
// `javascript:` link, no style, no frame), and the app sanitizes it again when it renders it. Titles
// and category names are plain text: shown as text, never interpreted as HTML.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint, pageQuery } from '../endpoint';
import { auditReason as reason, flag, recordId } from './shapes';
import { operatorSaveEndpoint } from './operator-save';

export const HELP_KEYWORD_MAX = 50;
export const HELP_TITLE_MAX = 200;
export const HELP_CATEGORY_NAME_MAX = 60;
/** Characters of one language's article content as the operator sends it (before sanitizing). */
export const HELP_CONTENT_MAX = 20_000;
/** Categories are a short menu: the list answers them all, up to this many. */
export const HELP_CATEGORIES_MAX = 200;
/** Characters of the plain-text summary a list row carries. */
export const HELP_SUMMARY_MAX = 160;

const languageCode = z.string().min(2).max(8);
/** A search keyword: matched case-insensitively, as typed (no wildcards), inside the title or the text. */
const keyword = z.string().trim().max(HELP_KEYWORD_MAX, { message: 'error.help_keyword_too_long' });

export const helpCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The language `name` is in: the request's, or `en` when the category has no name in it. */
  language: z.string(),
  sort: z.number().int(),
  /** Visible articles in this category. */
  articleCount: z.number().int(),
});
export type HelpCategory = z.infer<typeof helpCategory>;

export const helpArticleSummary = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  /** The first characters of the content as plain text (no markup), for the list. */
  summary: z.string(),
  /** The language title and summary are in: the request's, or `en` as the fallback. */
  language: z.string(),
  sort: z.number().int(),
  updatedAt: z.number().int(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummary>;

export const helpArticle = helpArticleSummary.omit({ summary: true }).extend({
  /** Sanitized HTML: render it through the app's sanitizer too (defence in depth). */
  content: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const helpCenterCategories = defineEndpoint({
  method: 'GET',
  path: '/api/helpCenter/categories',
  summary: 'Visible help categories in the request language (English fallback), in their order (ours)',
  tag: 'help',
  auth: 'optional',
  answer: { kind: 'rows', schema: helpCategory },
});

export const helpCenterList = defineEndpoint({
  method: 'GET',
  path: '/api/helpCenter/list',
  summary:
    'Visible help articles (Q&A) in the request language (English fallback); categoryId filters, keyword searches title and text',
  tag: 'help',
  auth: 'optional',
  query: pageQuery.extend({ categoryId: recordId.optional(), keyword: keyword.optional() }),
  answer: { kind: 'rows', schema: helpArticleSummary },
});

export const helpCenterDetail = defineEndpoint({
  method: 'GET',
  path: '/api/helpCenter/detail',
  summary: 'One visible help article with its sanitized content (ours)',
  tag: 'help',
  auth: 'optional',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: helpArticle },
});

// ---- Operator API (staff token; support or admin role) ----

/** A text per language code; English (`en`) is required, the others fall back to it. */
const nameTranslations = z.record(languageCode, z.string().trim().min(1).max(HELP_CATEGORY_NAME_MAX));
const articleText = z.object({
  title: z.string().trim().min(1).max(HELP_TITLE_MAX),
  content: z.string().max(HELP_CONTENT_MAX),
});

export const operatorHelpCategory = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  /** 1 shown to customers, 0 hidden (its articles are hidden with it). */
  isVisible: flag,
  nameLang: z.record(z.string(), z.string()),
  /** Articles in it, visible or not. */
  articleCount: z.number().int(),
  updatedAt: z.number().int(),
});
export type OperatorHelpCategory = z.infer<typeof operatorHelpCategory>;

export const operatorHelpArticleSummary = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  sort: z.number().int(),
  isVisible: flag,
  /** The English title (every article has one). */
  title: z.string(),
  /** The languages this article has a text in. */
  languages: z.array(z.string()),
  updatedAt: z.number().int(),
});
export type OperatorHelpArticleSummary = z.infer<typeof operatorHelpArticleSummary>;

export const operatorHelpArticle = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  sort: z.number().int(),
  isVisible: flag,
  /** Per language: the title and the content as stored (sanitized). */
  texts: z.record(z.string(), z.object({ title: z.string(), content: z.string() })),
  updatedAt: z.number().int(),
});
export type OperatorHelpArticle = z.infer<typeof operatorHelpArticle>;

export const operatorHelpCategories = defineEndpoint({
  method: 'GET',
  path: '/api/operator/helpCenter/categories',
  staffRoles: STAFF_ROLE_SETS.helpWriters,
  summary: 'Every help category, hidden ones too, in order (support or admin)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'rows', schema: operatorHelpCategory },
});

export const operatorHelpCategorySave = operatorSaveEndpoint({
  path: '/api/operator/helpCenter/categories/save',
  staffRoles: STAFF_ROLE_SETS.helpWriters,
  summary: 'Create a help category (no id) or edit one (id); audited (support or admin)',
  fields: {
    sort: z.coerce.number().int().min(0).max(1_000_000).default(0),
    isVisible: flag.default(1),
    nameLang: nameTranslations,
  },
  saved: operatorHelpCategory,
});

export const operatorHelpCategoryVisibility = defineEndpoint({
  method: 'POST',
  path: '/api/operator/helpCenter/categories/setVisible',
  staffRoles: STAFF_ROLE_SETS.helpWriters,
  summary: 'Show (1) or hide (0) a help category and with it its articles; audited (support or admin)',
  tag: 'operator',
  auth: 'user',
  body: z.object({ id: recordId, isVisible: z.coerce.number().int().min(0).max(1), reason }),
  answer: { kind: 'data', schema: operatorHelpCategory },
});

export const operatorHelpArticles = defineEndpoint({
  method: 'GET',
  path: '/api/operator/helpCenter/articles',
  staffRoles: STAFF_ROLE_SETS.helpWriters,
  summary: 'Help articles, hidden ones too, by category and order; categoryId filters (support or admin)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ categoryId: recordId.optional() }),
  answer: { kind: 'rows', schema: operatorHelpArticleSummary },
});

export const operatorHelpArticleDetail = defineEndpoint({
  method: 'GET',
  path: '/api/operator/helpCenter/articles/detail',
  staffRoles: STAFF_ROLE_SETS.helpWriters,
  summary: 'One help article with its text in every language it has (support or admin)',
  tag: 'operator',
  auth: 'user',
  query: z.object({ id: recordId }),
  answer: { kind: 'data', schema: operatorHelpArticle },
});

export const operatorHelpArticleSave = operatorSaveEndpoint({
  path: '/api/operator/helpCenter/articles/save',
  staffRoles: STAFF_ROLE_SETS.helpWriters,
  summary:
    'Create a help article (no id) or replace one (id) with exactly the given texts (en required); content is sanitized on save; audited (support or admin)',
  fields: {
    categoryId: recordId,
    sort: z.coerce.number().int().min(0).max(1_000_000).default(0),
    isVisible: flag.default(1),
    texts: z.record(languageCode, articleText),
  },
  saved: operatorHelpArticle.extend({
    /** Languages whose content the sanitizer changed (markup that is not allowed was removed). */
    sanitizedLanguages: z.array(z.string()),
  }),
});

export const operatorHelpArticleVisibility = defineEndpoint({
  method: 'POST',
  path: '/api/operator/helpCenter/articles/setVisible',
  staffRoles: STAFF_ROLE_SETS.helpWriters,
  summary: 'Show (1) or hide (0) a help article; audited (support or admin)',
  tag: 'operator',
  auth: 'user',
  body: z.object({ id: recordId, isVisible: z.coerce.number().int().min(0).max(1), reason }),
  answer: { kind: 'data', schema: operatorHelpArticle },
});
