import { refusalOf } from '../../../shared/trading/refusal-field';
import { refusalFieldOf, type RefusalField } from './validation';

/** A server refusal, translated, and the field it is shown under. */
export interface Refusal {
  field: RefusalField;
  text: string;
}

/**
 * The refusal a failed call carried, placed under its field (`fixedField` when the call concerns one
 * field only, such as sending a code to an address); null for failures that are not refusals (the
 * request layer has said those, a time-out or a rate limit, in a toast).
 */
export function refusalFrom(
  error: unknown,
  translate: (key: string, params?: Record<string, string | number>) => string,
  fixedField?: RefusalField,
): Refusal | null {
  const found = refusalOf(error);
  if (!found) return null;
  return { field: fixedField ?? refusalFieldOf(found.key), text: translate(found.key, found.params ?? {}) };
}
