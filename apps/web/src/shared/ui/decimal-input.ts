/**
 * What a decimal input accepts while typing: digits and one decimal point (a decimal comma, Latin or
 * Arabic, becomes a point). Nothing is cut: an over-precise amount is shown as an error, not silently
 * changed.
 */
export function sanitizeDecimalInput(raw: string): string {
  const text = raw.replace(/[,\u066B]/g, '.').replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point === -1) return text.slice(0, 40);
  return (text.slice(0, point + 1) + text.slice(point + 1).replace(/\./g, '')).slice(0, 40);
}
