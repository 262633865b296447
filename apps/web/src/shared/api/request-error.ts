/**
 * Why a call failed, after the request layer has applied SPEC §8:
 * - `code`: the envelope's code was not 200 (and msg not hint_48); `code` and `msg` say which.
 * - `hint`: msg was `hint_48` ("needs a further verification step"): passed through to the caller.
 * - `http`: the HTTP status was not 200 (413 body too large, 429 rate limited, 5xx...).
 * - `transport`: no answer at all (network down, time-out, unreadable body).
 * - `aborted`: the caller cancelled (TanStack Query unmounting): nothing to tell anyone.
 *
 * `quiet` tells screens whether THEY should say something. It is true when the layer already told the
 * customer (toast, redirect to login) or when the catalogue says the failure is silent (209, and other
 * codes when the call did not ask to catch errors). Every failure still rejects: a promise that never
 * settles would leave TanStack Query spinning forever, which is worse than a quiet rejection.
 */
export type RequestErrorKind = 'code' | 'hint' | 'http' | 'transport' | 'aborted';

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly code: number | undefined;
  readonly status: number | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly quiet: boolean;

  constructor(options: {
    kind: RequestErrorKind;
    msg: string;
    quiet: boolean;
    code?: number;
    status?: number;
    params?: Record<string, string | number>;
  }) {
    super(options.msg);
    this.name = 'RequestError';
    this.kind = options.kind;
    this.code = options.code;
    this.status = options.status;
    this.params = options.params;
    this.quiet = options.quiet;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** True when a screen should show this failure itself (the layer has not, and it is not silent). */
export function needsScreenFeedback(error: unknown): boolean {
  return !(error instanceof RequestError) || !error.quiet;
}
