/** A piece of a title or summary: `match` when it is (a case-insensitive copy of) the searched words. */
export interface TextPart {
  text: string;
  match: boolean;
}

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * `text` cut into the parts that match `keyword` and those that do not, so a search result can mark
 * what was found. The keyword is literal (as the server searches it: no wildcards) and matched without
 * regard to case; an empty keyword is one unmarked part. The parts are plain text: React renders them
 * as text, so nothing in an article's title can become markup.
 */
export function highlightParts(text: string, keyword: string): TextPart[] {
  const words = keyword.trim();
  if (words === '' || text === '') return text === '' ? [] : [{ text, match: false }];
  const pattern = new RegExp(words.replace(SPECIAL, '\\$&'), 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0;
    if (found[0] === '') continue;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
