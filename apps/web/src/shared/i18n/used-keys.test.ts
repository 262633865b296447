import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES, LOCALE_PACKS } from '@kestrel/contract/web';
import { describe, expect, it } from 'vitest';

/**
 * Every key the app uses must exist in every language pack. Keys are found in the source as
 * `t('key')` calls and as key-shaped string literals ('tab.home', 'me.group_account' in route tables
 * and maps); a literal counts as a key when its first segment is a namespace of the English pack.
 */
const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const namespaces = new Set(Object.keys(LOCALE_PACKS.en).map((key) => key.split('.')[0]));
const translateCall = /\bt\(\s*['"]([^'"]+)['"]/g;
const keyLiteral = /['"]([a-z]+\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)['"]/gi;

function usedKeys(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (key: string, file: string) => {
    const files = found.get(key) ?? [];
    const relative = path.relative(sourceRoot, file);
    if (!files.includes(relative)) files.push(relative);
    found.set(key, files);
  };
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(translateCall)) add(match[1] ?? '', file);
    for (const match of text.matchAll(keyLiteral)) {
      const key = match[1] ?? '';
      if (namespaces.has(key.split('.')[0] ?? '')) add(key, file);
    }
  }
  return found;
}

describe('language keys used by the app', () => {
  const keys = usedKeys();

  it('finds the keys (a broken scan must not pass by finding none)', () => {
    expect(keys.size).toBeGreaterThan(60);
    expect(keys.has('tab.home')).toBe(true);
    expect(keys.has('request.chunk_failed')).toBe(true);
  });

  it.each(LANGUAGE_CODES)('every used key exists in the %s pack', (code) => {
    const pack = LOCALE_PACKS[code];
    const missing = [...keys].filter(([key]) => !(key in pack)).map(([key, files]) => `${key} (${files.join(', ')})`);
    expect(missing, `missing in ${code}`).toEqual([]);
  });
});
