/**
 * Keeps a left-to-right fragment (a time range, an amount with its currency) in its own order inside
 * right-to-left text: without the isolate, Arabic shows "09:00-17:00" as "17:00-09:00".
 * shared/display/bidi.ts is the same for the investment screens; the withdraw screen keeps its own so
 * that the first screen's bundle does not list one more chunk for it (scripts/size.mjs).
 */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}
