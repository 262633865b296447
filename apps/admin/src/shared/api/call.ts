import {
  pathWithParameters,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type Envelope,
  type QueryOf,
} from '@kestrel/contract';
import { ApiError } from './errors';
import { readSession, writeSession } from './session';

/** What `call` resolves with: `data` for data answers, `{ rows, total }` for lists, nothing for the rest. */
export type CallResult<E extends Endpoint> = E['answer'] extends { kind: 'data' }
  ? AnswerOf<E>
  : E['answer'] extends { kind: 'rows' }
    ? { rows: AnswerOf<E>[]; total: number }
    : void;

export interface CallOptions<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** The action's Idempotency-Key: required by the server for `idempotent` endpoints. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Turns query and form values into `a=1&b=x`; undefined, null and '' fields are left out. */
export function encodeParameters(values: object | undefined): string {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    parameters.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return parameters.toString();
}

/** Called when the server says the staff session is over (code 401): the app goes back to sign-in. */
let unauthorizedHandler: (() => void) | null = null;
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/**
 * Calls one operator endpoint through its contract object, so no screen spells a path or a method:
 * `{name}` path segments are filled from the query, the body is form-encoded unless the endpoint says
 * json, the staff token goes as `Authorization: Bearer`, and an `idempotent` endpoint carries the
 * action's Idempotency-Key. The envelope is unwrapped: `data`, `{ rows, total }` or nothing; any other
 * code rejects with an ApiError whose message is the English text of the server's key.
 */
export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<CallResult<E>> {
  const { path, query } = pathWithParameters(endpoint.path, options.query as object | undefined);
  const encodedQuery = encodeParameters(query);
  const url = encodedQuery ? `${path}?${encodedQuery}` : path;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
  const session = readSession();
  // Only operator calls carry the staff token; a public or customer-side read goes without it.
  if (session && endpoint.path.startsWith('/api/operator/')) headers.Authorization = `Bearer ${session.token}`;
  if (endpoint.idempotent) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
  let body: string | undefined;
  if (endpoint.method === 'POST') {
    const json = endpoint.bodyEncoding === 'json';
    headers['Content-Type'] = json ? 'application/json' : 'application/x-www-form-urlencoded';
    body = json ? JSON.stringify(options.body ?? {}) : encodeParameters(options.body as object | undefined);
  }

  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('transport', 'error.network', undefined, 0);
  }
  let envelope: Envelope | null = null;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.code !== 'number') {
    throw new ApiError(
      'transport',
      response.status === 401 ? 'error.not_logged_in' : 'error.network',
      undefined,
      response.status,
    );
  }
  if (envelope.code === 401 || response.status === 401) {
    if (session) {
      writeSession(null);
      unauthorizedHandler?.();
    }
    throw new ApiError('unauthorized', envelope.msg || 'error.not_logged_in', envelope.params, 401);
  }
  if (envelope.code !== 200) {
    throw new ApiError('refused', envelope.msg, envelope.params, envelope.code);
  }
  switch (endpoint.answer.kind) {
    case 'data':
      return envelope.data as CallResult<E>;
    case 'rows':
      return { rows: envelope.rows ?? [], total: envelope.total ?? envelope.rows?.length ?? 0 } as CallResult<E>;
    default:
      return undefined as CallResult<E>;
  }
}

/** A fresh Idempotency-Key; `crypto.randomUUID` only exists in secure contexts, so a fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A private file behind the staff token (identity photos): fetched as a blob and answered as an
 * object URL the caller revokes.
 */
export async function fetchPrivateBlob(path: string, signal?: AbortSignal): Promise<string> {
  const session = readSession();
  const response = await fetch(path, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
    signal,
  });
  if (!response.ok) throw new ApiError('transport', 'error.not_found', undefined, response.status);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const envelope = (await response.json()) as Envelope;
    if (envelope.code === 401) {
      writeSession(null);
      unauthorizedHandler?.();
    }
    throw new ApiError('refused', envelope.msg, envelope.params, envelope.code);
  }
  return URL.createObjectURL(await response.blob());
}
