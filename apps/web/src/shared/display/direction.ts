import { compareScaled, parseDecimal } from '@kestrel/domain';

export type Direction = 'rise' | 'fall' | 'flat';

function scaleOf(text: string): number {
  return (text.split('.')[1] ?? '').length;
}

/** The direction of a signed decimal string ("-0.42" falls, "0.00" is flat). */
export function directionOfChange(value: string | null | undefined): Direction {
  if (!value) return 'flat';
  const text = value.trim();
  if (/^[-+]?0*(\.0*)?$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'fall' : 'rise';
}

/**
 * How `next` compares with `previous`, exactly (decimal strings, no floating point): 'rise', 'fall',
 * or 'flat' when equal or when either is not a decimal.
 */
export function directionBetween(previous: string, next: string): Direction {
  try {
    const order = compareScaled(
      parseDecimal(next, scaleOf(next)),
      scaleOf(next),
      parseDecimal(previous, scaleOf(previous)),
      scaleOf(previous),
    );
    return order > 0 ? 'rise' : order < 0 ? 'fall' : 'flat';
  } catch {
    return 'flat';
  }
}
