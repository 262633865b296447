import { isRequestError } from '../../../shared/api/request-error';

/**
 * The refusal a failed call carried (code 500 with a language key and its parameters), or null for any
 * other failure. The request layer has already shown it as a toast; the form keeps it under the field.
 */
export function refusalOf(error: unknown): { key: string; params?: Record<string, string | number> } | null {
  if (!isRequestError(error) || error.kind !== 'code') return null;
  return { key: error.message, params: error.params };
}
