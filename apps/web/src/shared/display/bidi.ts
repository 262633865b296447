/**
 * A number, an amount, a rate or a date set inside a sentence, isolated left to right (U+2066 ... U+2069):
 * in an Arabic sentence "20.00 USDT" stays "20.00 USDT" and "2026-12-25 03:36" keeps its order. Invisible
 * in left-to-right languages.
 */
export const ltr = (text: string): string => `\u2066${text}\u2069`;
