/**
 * In a cluster (issue 18) an order may reach any process, but only the pair's writer may run it. A
 * process that is not the writer hands the customer's request, unchanged (token, Idempotency-Key,
 * language, body), to the writer process's internal address and answers what the writer answered.
 * The writer authenticates, claims the key and commits exactly as if the customer had called it, so a
 * replay through any process gets the first answer.
 *
 * Writers publish their internal address in Redis under the pair when they take the pair's lock. A
 * writer that has just died leaves a stale address: the call fails and the customer is told
 * `error.bibi_not_writer` (nothing happened; retry with the same key), and within the lock retry
 * (5 s) another process writes the book. A forwarded request is never forwarded again, so a stale
 * address that now belongs to another non-writer cannot start a loop.
 */
import type { Redis } from 'ioredis';
import { ALL_ERROR_KEYS, type ErrorKey } from '@kestrel/contract';
import { RefusedError, refuse } from '../../core/errors';
import type { RequestContext } from '../../http/route';

const FORWARDED_HEADER = 'x-kestrel-forwarded';
/** Headers the writer needs to act as the customer; nothing else crosses. */
const FORWARDED_HEADERS = ['authorization', 'idempotency-key', 'languageid', 'accept-language'] as const;
/** A writer that does not answer within this is treated as gone (group commit answers in milliseconds). */
const FORWARD_TIMEOUT_MS = 10_000;

const KNOWN_KEYS: ReadonlySet<string> = new Set(ALL_ERROR_KEYS);

function isErrorKey(text: string): text is ErrorKey {
  return KNOWN_KEYS.has(text);
}

function writerKey(productCode: string): string {
  return `bibi:writer:${productCode}`;
}

/** Says where this process serves `productCode`'s book; called when it takes the pair's lock. */
export async function announceWriter(redis: Redis, productCode: string, internalUrl: string): Promise<void> {
  await redis.set(writerKey(productCode), internalUrl);
}

interface WriterAnswer {
  code: number;
  msg: string;
  params?: Record<string, string | number>;
  data?: unknown;
}

/**
 * Runs the request on the pair's writer process and returns its `data`, or throws its refusal.
 * Refuses with `error.bibi_not_writer` when no writer can be reached (or this request was itself
 * forwarded here by mistake).
 */
export async function forwardToWriter<Answer>(
  redis: Redis,
  productCode: string,
  request: RequestContext,
): Promise<Answer> {
  const incoming = request.request;
  if (incoming.headers[FORWARDED_HEADER]) refuse('error.bibi_not_writer');
  const writerUrl = await redis.get(writerKey(productCode)).catch(() => null);
  if (!writerUrl) refuse('error.bibi_not_writer');
  const headers: Record<string, string> = { 'content-type': 'application/json', [FORWARDED_HEADER]: '1' };
  for (const name of FORWARDED_HEADERS) {
    const value = incoming.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let answer: WriterAnswer;
  try {
    const response = await fetch(new URL(incoming.url, writerUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify(incoming.body ?? {}),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    answer = (await response.json()) as WriterAnswer;
  } catch {
    // Nothing was acknowledged: the writer is gone or did not answer; the same key may be sent again.
    refuse('error.bibi_not_writer');
  }
  // The writer serialized its data through the same endpoint's answer schema, in the same build.
  if (answer.code === 200) return answer.data as Answer;
  // 401 cannot happen here (this process checked the same token), so every other answer is a refusal.
  if (isErrorKey(answer.msg)) throw new RefusedError(answer.msg, answer.params ?? {});
  refuse('error.bibi_not_writer');
}
