import { isRequestError } from './request-error';

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (https, localhost); on a
 * plain-http line the key is built from `crypto.getRandomValues`, which exists everywhere, in the same
 * version-4 UUID shape.
 */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per customer action. The same action retried (same request body, after a time-out or a lost
 * answer) reuses its key, so the server applies it at most once and answers the retry with the first
 * result. Once the server has answered (done or refused), or the customer changes what they ask for,
 * the next request gets a new key.
 */
export class IdempotencyKeeper {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly create: () => string = newIdempotencyKey) {}

  keyFor(fingerprint: string): string {
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.create() };
    return this.current.key;
  }

  /** The server answered: this action is over, whatever the answer was. */
  settle(): void {
    this.current = null;
  }

  /** After a failure: keep the key only when the outcome is unknown (no answer, time-out, 5xx). */
  settleAfter(error: unknown): void {
    if (isRequestError(error) && (error.kind === 'code' || error.kind === 'hint')) this.settle();
  }
}

/** Runs one money-moving request under the keeper's key for `body`. */
export async function withIdempotencyKey<T>(
  keeper: IdempotencyKeeper,
  body: unknown,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const key = keeper.keyFor(JSON.stringify(body));
  try {
    const answer = await send({ 'Idempotency-Key': key });
    keeper.settle();
    return answer;
  } catch (error) {
    keeper.settleAfter(error);
    throw error;
  }
}
