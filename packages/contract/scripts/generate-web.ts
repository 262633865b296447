// Writes the phone's view of the contract (src/web/*.ts) and the English sets (src/i18n/english/*.json),
// formatted as the repository formats everything. web-entry.test.ts checks they are current.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formattedFiles } from '../src/web-entry/formatted';

const root = path.resolve(import.meta.dirname, '../src');
for (const [file, text] of Object.entries(await formattedFiles())) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  console.log(`wrote src/${file}`);
}
