const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Operator text (tips, notices) as plain paragraphs, never as HTML: block tags and line breaks
 * become paragraph breaks, every other tag is dropped with what it holds only when it is a script
 * or style, entities are decoded, and the result is rendered by React as text. Nothing the operator
 * writes can run or style the page.
 */
export function plainParagraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  const withoutCode = text.replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '');
  const withBreaks = withoutCode.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])\s*>/gi, '\n');
  const withoutTags = withBreaks.replace(/<[^>]*>/g, '');
  return decodeEntities(withoutTags)
    .split(/\n+/)
    .map((paragraph) => paragraph.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
}
