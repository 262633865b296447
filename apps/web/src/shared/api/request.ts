import { HINT_NEEDS_VERIFICATION, ResultCode, type Envelope } from '@kestrel/contract/web';
import { useSessionStore } from '../store/session';
import { useSettingsStore } from '../store/settings';
import { encodeBody, withQuery, type BodyEncoding } from './encoding';
import { requestHeaders } from './headers';
import { currentBaseUrl } from './lines';
import { RequestError } from './request-error';
import { requestEffects } from './request-effects';
import { markResponseArrived, requestTimeoutMs } from './timeout';

export interface RequestOptions {
  method: 'GET' | 'POST';
  /** `/api/...`; the current line's base URL is put in front. */
  path: string;
  query?: object;
  body?: object;
  encoding?: BodyEncoding;
  /** SPEC §8 "other codes are rejected only if the request asked to catch errors". */
  catchErrors?: boolean;
  /**
   * A refusal (code 500) the screen shows under the field it concerns instead of as a toast: when this
   * answers true for the refusal's key and params, the layer stays silent and rejects with quiet false.
   */
  showsRefusal?: FieldRefusalFilter;
  /** The caller's cancellation (TanStack Query passes one); a cancelled call shows nothing. */
  signal?: AbortSignal;
  /** Extra headers (an `Idempotency-Key`); the standard headers of SPEC §7 cannot be overridden. */
  headers?: Record<string, string>;
}

/** HTTP statuses whose envelope message is shown as it is (SPEC/DESIGN: 413 too large, 429 rate limited). */
const STATUSES_WITH_MESSAGE = new Set([413, 429]);

/**
 * One call to the API, applying SPEC §7 (line, headers, time-outs) and the SPEC §8 error catalogue.
 * Resolves with the envelope when code is 200 or msg is hint_48; rejects with a RequestError otherwise.
 */
export async function request<Data = unknown>(options: RequestOptions): Promise<Envelope<Data>> {
  const response = await send(options);
  markResponseArrived();

  if (STATUSES_WITH_MESSAGE.has(response.status)) {
    const envelope = await readEnvelope(response);
    const msg = envelope?.msg ?? 'request.interface_exception';
    requestEffects().toast(requestEffects().translate(msg, envelope?.params));
    throw new RequestError({ kind: 'http', status: response.status, msg, params: envelope?.params, quiet: true });
  }
  if (!response.ok) throw interfaceException(response.status);

  const envelope = await readEnvelope<Data>(response);
  // A body that is not an envelope (a proxy's HTML error page) is as useless as no answer.
  if (!envelope) throw interfaceException(response.status);
  return applyCatalogue(envelope, options.catchErrors ?? false, options.showsRefusal);
}

/** Whether a screen shows a refusal itself, by its key (`error.…`) and params. */
export type FieldRefusalFilter = (msg: string, params: Record<string, string | number> | undefined) => boolean;

async function send(options: RequestOptions): Promise<Response> {
  const encoding = options.encoding ?? 'form';
  const { locale } = useSettingsStore.getState();
  const { token } = useSessionStore.getState();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs());
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  try {
    return await fetch(withQuery(`${currentBaseUrl()}${options.path}`, options.query), {
      method: options.method,
      headers: { ...options.headers, ...requestHeaders({ locale, token, encoding }) },
      body: options.method === 'POST' ? encodeBody(options.body ?? {}, encoding) : undefined,
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted && !timedOut) {
      throw new RequestError({ kind: 'aborted', msg: 'aborted', quiet: true });
    }
    throw transportFailure(timedOut ? 'request timeout' : describe(error));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** SPEC §8: a transport error containing "timeout" says so; any other says "interface exception". */
function transportFailure(message: string): RequestError {
  const isTimeout = /timeout/i.test(message);
  const key = isTimeout ? 'request.timeout' : 'request.interface_exception';
  requestEffects().toast(requestEffects().translate(key));
  return new RequestError({ kind: 'transport', msg: key, quiet: true });
}

function interfaceException(status: number): RequestError {
  requestEffects().toast(requestEffects().translate('request.interface_exception'));
  return new RequestError({ kind: 'http', status, msg: 'request.interface_exception', quiet: true });
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

async function readEnvelope<Data>(response: Response): Promise<Envelope<Data> | null> {
  try {
    const value: unknown = await response.json();
    if (typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number') {
      return value as Envelope<Data>;
    }
    return null;
  } catch {
    return null;
  }
}

function applyCatalogue<Data>(
  envelope: Envelope<Data>,
  catchErrors: boolean,
  showsRefusal?: FieldRefusalFilter,
): Envelope<Data> {
  if (envelope.code === ResultCode.ok || envelope.msg === HINT_NEEDS_VERIFICATION) return envelope;
  const failure = { kind: 'code' as const, code: envelope.code, msg: envelope.msg, params: envelope.params };

  switch (envelope.code) {
    case ResultCode.unauthorized:
      requestEffects().endSession();
      throw new RequestError({ ...failure, quiet: true });
    case ResultCode.silent:
      throw new RequestError({ ...failure, quiet: true });
    case ResultCode.refused:
      if (showsRefusal?.(envelope.msg, envelope.params)) throw new RequestError({ ...failure, quiet: false });
      requestEffects().toast(requestEffects().translate(envelope.msg, envelope.params));
      throw new RequestError({ ...failure, quiet: true });
    default:
      throw new RequestError({ ...failure, quiet: !catchErrors });
  }
}
