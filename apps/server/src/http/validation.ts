import type { z } from 'zod';
import { PAGE_SIZE_MAX, type ErrorKey } from '@kestrel/contract';
import { RefusedError } from '../core/errors';

/**
 * Turns the first zod issue into a translated refusal. Schemas may carry a language key as their
 * message (`{ message: 'error.page_size_too_large' }`); otherwise a missing field is
 * `error.required` and anything else `error.invalid_param`, both naming the field.
 */
export function refusalFromIssues(issues: readonly z.core.$ZodIssue[], input: unknown): RefusedError {
  const issue = issues[0];
  if (!issue) return new RefusedError('error.invalid_param', { field: '' });
  const field = issue.path.map(String).join('.');
  if (issue.message.startsWith('error.')) {
    return new RefusedError(issue.message as ErrorKey, { field, max: PAGE_SIZE_MAX });
  }
  const value = issue.path.reduce<unknown>(
    (parent, key) => (parent && typeof parent === 'object' ? (parent as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );
  const missing = value === undefined || value === '';
  return new RefusedError(missing ? 'error.required' : 'error.invalid_param', { field });
}

export function parseOrRefuse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw refusalFromIssues(result.error.issues, input ?? {});
  return result.data;
}
