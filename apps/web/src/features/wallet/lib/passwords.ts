import { isValidPassword } from '@kestrel/domain';

/** The problems of a new password pair, as language keys (null: none). */
export function passwordProblems(current: string, next: string, confirm: string) {
  return {
    current: current === '' ? 'error.required' : null,
    next:
      next === ''
        ? 'auth.password_hint'
        : !isValidPassword(next)
          ? 'error.password_rule'
          : next === current
            ? 'error.same_password'
            : null,
    confirm: confirm !== next ? 'auth.passwords_differ' : null,
  } as const;
}
