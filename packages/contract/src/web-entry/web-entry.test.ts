import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formattedFiles } from './formatted';

describe('the phone view of the contract', () => {
  it('is current: every generated route, constant and English set matches src/endpoints and en.json', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = await formattedFiles();
    expect(Object.keys(files).length).toBeGreaterThan(15);
    for (const [file, text] of Object.entries(files)) {
      // Stale? Run `npm run generate -w @kestrel/contract`.
      expect(readFileSync(path.join(root, file), 'utf8'), file).toBe(text);
    }
  });
});
