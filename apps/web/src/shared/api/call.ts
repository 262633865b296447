import {
  HINT_NEEDS_VERIFICATION,
  pathWithParameters,
  type AnswerOf,
  type BodyOf,
  type QueryOf,
  type Route,
} from '@kestrel/contract/web';
import { request, type FieldRefusalFilter } from './request';
import { RequestError } from './request-error';

/** What `call` resolves with: `data` for data answers, `{ rows, total }` for lists, nothing for the rest. */
export type CallResult<E extends Route> = E['answer'] extends { kind: 'data' }
  ? AnswerOf<E>
  : E['answer'] extends { kind: 'rows' }
    ? { rows: AnswerOf<E>[]; total: number }
    : void;

export interface CallOptions<E extends Route> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** Ask for other non-200 codes as a non-quiet rejection (SPEC §8). */
  catchErrors?: boolean;
  /** Refusals the screen shows under a field rather than as a toast (request.ts). */
  showsRefusal?: FieldRefusalFilter;
  signal?: AbortSignal;
  /** Extra headers for this call, such as the `Idempotency-Key` of a money-moving POST. */
  headers?: Record<string, string>;
}

/**
 * Calls one endpoint of the contract through its route (`@kestrel/contract/web`: plain method, path,
 * body encoding and answer kind, no schema), so a screen never spells a path; the answer is typed by
 * the endpoint's zod schema, which only the type checker reads. The server already
 * validated the answer against that schema, so it is not parsed again here (zod at runtime would cost
 * every screen time for no gain).
 *
 * A hint_48 answer ("needs a further verification step") rejects with `kind: 'hint'` and quiet false:
 * nothing was shown, the caller decides (for example by opening the verification step).
 */
export async function call<E extends Route>(endpoint: E, options: CallOptions<E> = {}): Promise<CallResult<E>> {
  // The generic E hides that a query or a body is always an object.
  const { path, query } = pathWithParameters(endpoint.path, options.query as object | undefined);
  const envelope = await request({
    method: endpoint.method,
    path,
    query,
    body: options.body as object | undefined,
    encoding: endpoint.bodyEncoding ?? 'form',
    catchErrors: options.catchErrors,
    showsRefusal: options.showsRefusal,
    signal: options.signal,
    headers: options.headers,
  });
  if (envelope.msg === HINT_NEEDS_VERIFICATION && envelope.code !== 200) {
    throw new RequestError({
      kind: 'hint',
      code: envelope.code,
      msg: envelope.msg,
      params: envelope.params,
      quiet: false,
    });
  }
  return unwrap(endpoint, envelope) as CallResult<E>;
}

function unwrap(endpoint: Route, envelope: { data?: unknown; rows?: unknown[]; total?: number }): unknown {
  switch (endpoint.answer.kind) {
    case 'data':
      return envelope.data;
    case 'rows':
      return { rows: envelope.rows ?? [], total: envelope.total ?? envelope.rows?.length ?? 0 };
    case 'none':
      return undefined;
  }
}
