import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, type LanguageCode } from '@kestrel/contract';
import type { Database } from '../../db/schema';

/**
 * The language packs, read from `language_text` once at start and after an operator edits them.
 * Kept in memory because every screen asks for one and they change rarely.
 */
/** The name a cluster's cache drop uses for the language packs (core/cluster-bus.ts, channel `invalidate`). */
export const LANGUAGE_PACKS_CACHE = 'languagePacks';

export class LanguagePacks {
  private packs = new Map<string, Record<string, string>>();

  async load(db: Kysely<Database>): Promise<void> {
    const rows = await db.selectFrom('language_text').select(['language', 'text_key', 'text']).execute();
    const packs = new Map<string, Record<string, string>>();
    for (const row of rows) {
      const pack = packs.get(row.language) ?? {};
      pack[row.text_key] = row.text;
      packs.set(row.language, pack);
    }
    this.packs = packs;
  }

  pack(language: LanguageCode): Record<string, string> {
    return this.packs.get(language) ?? {};
  }

  /** The text of a key in a language, falling back to English, then to the key itself. */
  translate(language: LanguageCode, key: string): string {
    return this.packs.get(language)?.[key] ?? this.packs.get(DEFAULT_LANGUAGE)?.[key] ?? key;
  }
}

/** Picks a translation from a `{ lang: text }` JSON column, falling back to English, then to `fallback`. */
export function pickTranslation(json: string, language: LanguageCode, fallback = ''): string {
  const map = parseTranslations(json);
  return map[language] ?? map[DEFAULT_LANGUAGE] ?? fallback;
}

export function parseTranslations(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
  } catch {
    // A malformed column shows the fallback rather than failing the whole list.
  }
  return {};
}
