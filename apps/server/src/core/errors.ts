import type { ErrorKey } from '@kestrel/contract';

/** A refusal the customer sees: envelope code 500 with a language key and its parameters. */
export class RefusedError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export function refuse(key: ErrorKey, params?: Record<string, string | number>): never {
  throw new RefusedError(key, params);
}

/** Not logged in, or the token is unknown, revoked or expired: envelope code 401. */
/**
 * Refuses with a domain rule's problem (packages/domain/src/problem.ts): its code is the error key
 * without `error.`, its params are already formatted for the customer.
 */
export function refuseProblem(problem: { code: string; params: Record<string, string | number> }): never {
  return refuse(`error.${problem.code}` as ErrorKey, problem.params);
}

export class UnauthorizedError extends Error {
  constructor(readonly key: 'error.not_logged_in' | 'error.session_expired' = 'error.not_logged_in') {
    super(key);
  }
}
