import type { Kysely } from 'kysely';
import type { LanguageCode, platformTexts } from '@kestrel/contract';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { refuse } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import {
  findPlatformTexts,
  platformTextView,
  recordRevisions,
  writePlatformTextField,
  type Revision,
} from './platform-text-repository';
import { fieldRule, storedText } from './platform-text-rules';

export interface PlatformTextStore {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface PlatformTextSave {
  kind: platformTexts.PlatformTextKind;
  id: number;
  field: platformTexts.PlatformTextFieldName;
  language?: LanguageCode;
  text?: string;
  texts?: Partial<Record<LanguageCode, string>>;
  reason: string;
}

const TABLE_OF: Record<platformTexts.PlatformTextKind, string> = {
  popUp: 'pop_up',
  tip: 'tips_setting',
  siteInfo: 'site_info',
};

/** The languages the request sets, in one of its two forms: `language` + `text`, or `texts`. */
function requestedTexts(input: PlatformTextSave): [LanguageCode, string][] {
  const single = input.language !== undefined || input.text !== undefined;
  if (single && input.texts !== undefined) refuse('error.invalid_param', { field: 'texts' });
  if (single) {
    if (input.language === undefined) refuse('error.required', { field: 'language' });
    if (input.text === undefined) refuse('error.required', { field: 'text' });
    return [[input.language, input.text]];
  }
  const entries = Object.entries(input.texts ?? {}).filter(
    (entry): entry is [LanguageCode, string] => entry[1] !== undefined,
  );
  if (entries.length === 0) refuse('error.required', { field: 'texts' });
  return entries;
}

/**
 * Saves the given languages of one text; every other language stays as it is. Every text is checked
 * before anything is written, so a refusal changes nothing. A language whose text is already the same
 * is not a change: a save that changes nothing writes nothing (no revision, no audit row), so sending
 * the same save twice is the same as sending it once.
 */
export async function savePlatformText(
  store: PlatformTextStore,
  staffId: number,
  input: PlatformTextSave,
  now: number,
): Promise<platformTexts.PlatformTextRecord> {
  const rule = fieldRule(input.kind, input.field);
  if (!rule) refuse('error.platform_text_not_found');
  const wanted = requestedTexts(input).map(([language, text]) => [language, storedText(text, rule, language)] as const);

  return store.db.transaction().execute(async (transaction) => {
    const record = await findPlatformTexts(transaction, input.kind, input.id, store.dialect);
    if (!record) refuse('error.platform_text_not_found');
    const before = record.fields[input.field] ?? {};
    const changed = wanted.filter(([language, text]) => before[language] !== text);
    if (changed.length === 0) return platformTextView(record);

    const after = { ...before, ...Object.fromEntries(changed) };
    await writePlatformTextField(transaction, input.kind, input.id, input.field, after);
    const revisions: Revision[] = changed.map(([language, text]) => ({
      kind: input.kind,
      recordId: input.id,
      field: input.field,
      language,
      before: before[language] ?? null,
      after: text,
      staffId,
      reason: input.reason,
    }));
    await recordRevisions(transaction, revisions, now);
    // The audit row says who, what and why; the revisions beside it keep each language's before and after.
    await recordAudit(
      transaction,
      {
        staffId,
        action: 'platform_text.save',
        targetType: TABLE_OF[input.kind],
        targetId: input.id,
        reason: input.reason,
        entryId: null,
      },
      now,
    );
    return platformTextView({ ...record, fields: { ...record.fields, [input.field]: after } });
  });
}
