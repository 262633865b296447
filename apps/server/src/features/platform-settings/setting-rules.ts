import { operatorSettings } from '@kestrel/contract';
import { compareScaled, formatDecimal, parseDecimal } from '@kestrel/domain';
import { refuse } from '../../core/errors';
import { fileKeyFrom } from '../../core/uploads';

/**
 * The checks every save in this feature shares. Each refuses with a translated key naming the field,
 * before anything is written. Decimals stay text and bigint: no floating point touches a rate or amount.
 */

export interface DecimalBounds {
  /** Most decimals the value may carry (a currency's or a product's scale, a rate's precision). */
  decimals: number;
  /** Inclusive bounds as decimal text; omit for none. */
  min?: string;
  max?: string;
  /** Refuse exactly zero (a bound of 0 with "above"). */
  positive?: boolean;
}

/** The number of decimals a plain decimal text carries, trailing zeros left out. */
function decimalsOf(text: string): number {
  return (/\.(\d+)$/.exec(text)?.[1] ?? '').replace(/0+$/, '').length;
}

/** Units of `text` at `scale`; the schema has already checked it is plain digits. */
function unitsAt(text: string, scale: number): bigint {
  return parseDecimal(text, scale);
}

/**
 * A configured decimal checked against its bounds, answered in its canonical form (no trailing zeros
 * after the point, no leading zeros), the form the customer calls then show.
 */
export function checkedDecimal(field: string, text: string, bounds: DecimalBounds): string {
  const decimals = decimalsOf(text);
  if (decimals > bounds.decimals) refuse('error.setting_too_precise', { field, decimals: bounds.decimals });
  const units = unitsAt(text, bounds.decimals);
  const outOfRange = () =>
    refuse('error.setting_out_of_range', { field, min: bounds.min ?? '0', max: bounds.max ?? '∞' });
  if (bounds.positive && units <= 0n) outOfRange();
  if (
    bounds.min !== undefined &&
    compareScaled(units, bounds.decimals, unitsAt(bounds.min, bounds.decimals), bounds.decimals) < 0
  ) {
    outOfRange();
  }
  if (
    bounds.max !== undefined &&
    compareScaled(units, bounds.decimals, unitsAt(bounds.max, bounds.decimals), bounds.decimals) > 0
  ) {
    outOfRange();
  }
  return formatDecimal(units, bounds.decimals, { trimZeros: true });
}

/** Refuses a minimum above its maximum (both already canonical decimals). */
export function checkMinNotAboveMax(minField: string, min: string, max: string): void {
  const scale = Math.max(decimalsOf(min), decimalsOf(max));
  if (compareScaled(parseDecimal(min, scale), scale, parseDecimal(max, scale), scale) > 0) {
    refuse('error.setting_min_above_max', { field: minField });
  }
}

/** Plain text only: no markup reaches a customer screen from a settings field. */
export function checkPlainText(field: string, text: string): string {
  if (/[<>]/.test(text)) refuse('error.setting_text_markup', { field });
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) refuse('error.setting_value_invalid', { field });
  return text;
}

const KNOWN_ROUTES: ReadonlySet<string> = new Set(operatorSettings.APP_ROUTES);
const KNOWN_LAYOUTS: ReadonlySet<string> = new Set(operatorSettings.PAGE_LAYOUTS);

export function isAppRoute(text: string): boolean {
  return KNOWN_ROUTES.has(text);
}

export function isPageLayout(text: string): boolean {
  return KNOWN_LAYOUTS.has(text);
}

/** An absolute https address without credentials or whitespace; nothing a browser would run. */
export function isHttpsUrl(text: string): boolean {
  if (!/^https:\/\/\S+$/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The stored file an `/uploads/<key>` reference names, or null when it is not such a reference. */
export function uploadKeyOf(text: string): string | null {
  return text.startsWith('/uploads/') ? fileKeyFrom(text) : null;
}
