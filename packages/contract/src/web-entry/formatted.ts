import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { renderAll } from './render';

/** renderAll's files as prettier writes them (the generator writes these; the test compares these). */
export async function formattedFiles(): Promise<Record<string, string>> {
  const root = path.resolve(import.meta.dirname, '..');
  const formatted: Record<string, string> = {};
  for (const [file, text] of Object.entries(renderAll())) {
    const filepath = path.join(root, file);
    formatted[file] = await format(text, { ...(await resolveConfig(filepath)), filepath });
  }
  return formatted;
}
