// Endpoints of the platform texts: features/launch (issue 15 part 6). Exported as `platformTexts`.
//
// The customer-facing texts the launch calls carry, each in all 19 languages: the pop-up notices
// (`popUp/list`: title and content), the tips set (`textLang/list`: the risk ticker on the home
// screen, the simulated-market notice, the registration tip) and the site description (the home
// banner's text, `siteInfo/getSiteInfo`). An operator reads every text with every language and saves
// one language of one text, or several at once; each changed language is kept as a revision (the text
// before and after) and the save is audited.
//
// A pop-up's content is rich text: sanitized on save with the shared allow-list
// (apps/server/src/core/rich-text.ts); the app shows it as plain paragraphs. Every other text is plain
// text: markup in it (a tag such as `<b>`, `</p>` or `<!--`) is refused, never stored.
//
// A fresh install seeds every text in all 19 languages; on every start the server fills the languages
// a seeded text still lacks, and never replaces a language that has a text.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { LANGUAGE_CODES, type LanguageCode } from '../languages';
import { defineEndpoint, pageQuery } from '../endpoint';
import { auditReason, flag, recordId } from './shapes';

export const PLATFORM_TEXT_KINDS = ['popUp', 'tip', 'siteInfo'] as const;
export type PlatformTextKind = (typeof PLATFORM_TEXT_KINDS)[number];

export const PLATFORM_TEXT_FIELD_NAMES = ['title', 'content', 'description'] as const;
export type PlatformTextFieldName = (typeof PLATFORM_TEXT_FIELD_NAMES)[number];

/**
 * The editable fields of each kind, whether each is rich text, and its most characters (Unicode code
 * points, after sanitizing for rich text). The site description is one line under the banner's title;
 * a tip scrolls in the one-line risk ticker and opens in full on its own page.
 */
export const PLATFORM_TEXT_FIELDS = {
  popUp: { title: { richText: false, maxLength: 200 }, content: { richText: true, maxLength: 8000 } },
  tip: { content: { richText: false, maxLength: 2000 } },
  siteInfo: { description: { richText: false, maxLength: 500 } },
} as const satisfies Record<PlatformTextKind, Partial<Record<PlatformTextFieldName, object>>>;

/** What one text may carry on the wire before the server measures it against its field's limit. */
export const PLATFORM_TEXT_WIRE_MAX = 20_000;

const languageCode = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);
const textValue = z.string().max(PLATFORM_TEXT_WIRE_MAX);

export const platformTextField = z.object({
  field: z.enum(PLATFORM_TEXT_FIELD_NAMES),
  richText: flag,
  maxLength: z.number().int(),
  /** The text in each language that has one. */
  texts: z.record(z.string(), z.string()),
  /** The languages of the 19 without a text: customers of these see the English. */
  missingLanguages: z.array(z.string()),
});

export const platformTextRecord = z.object({
  kind: z.enum(PLATFORM_TEXT_KINDS),
  /** The row's id (a pop-up's or a tip's; 1 for the site). */
  id: z.number().int(),
  /** The seed's name for a row it wrote (`welcome`, `risk_warning`...), '' for a row an operator made. */
  seedKey: z.string(),
  /** What the operator recognises the row by: a tip's remark, a pop-up's English title, "site". */
  label: z.string(),
  /** 1 while customers see it (a pop-up's is_visible, a tip's contentVisibleFlag; the site's is 1). */
  visible: flag,
  fields: z.array(platformTextField),
});
export type PlatformTextRecord = z.infer<typeof platformTextRecord>;

export const operatorPlatformTexts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/platformTexts',
  staffRoles: STAFF_ROLE_SETS.everyone,
  summary:
    'The platform texts of one kind (pop-ups, tips, the site description) with every language, oldest first (every staff role reads)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ kind: z.enum(PLATFORM_TEXT_KINDS) }),
  answer: { kind: 'rows', schema: platformTextRecord },
});

export const operatorPlatformTextSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/platformTexts/save',
  staffRoles: STAFF_ROLE_SETS.content,
  summary:
    'Save one language of one platform text (language and text) or several (texts); other languages stay as they are; audited with the text before and after (admin; issue 16 adds a content role)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    kind: z.enum(PLATFORM_TEXT_KINDS),
    id: recordId,
    field: z.enum(PLATFORM_TEXT_FIELD_NAMES),
    /** One language: `language` with `text`... */
    language: languageCode.optional(),
    text: textValue.optional(),
    /** ...or a map of languages to texts (up to all 19). Exactly one of the two forms. */
    texts: z.partialRecord(languageCode, textValue).optional(),
    reason: auditReason,
  }),
  answer: { kind: 'data', schema: platformTextRecord },
});
