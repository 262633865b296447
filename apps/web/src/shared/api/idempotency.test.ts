import { describe, expect, it } from 'vitest';
import { RequestError } from './request-error';
import { IdempotencyKeeper, newIdempotencyKey, withIdempotencyKey } from './idempotency';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('Idempotency-Key per customer action', () => {
  it('makes v4 UUIDs, also without crypto.randomUUID (plain http)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    const fallback = newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(fallback).toMatch(UUID);
    expect(fallback).not.toBe(newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) }));
  });

  it('reuses the key when the same request is retried after no answer', async () => {
    const keeper = new IdempotencyKeeper(counter());
    const sent: string[] = [];
    const lost = new RequestError({ kind: 'transport', msg: 'request.timeout', quiet: true });
    await expect(
      withIdempotencyKey(keeper, { amount: '10' }, async (headers) => {
        sent.push(headers['Idempotency-Key'] ?? '');
        throw lost;
      }),
    ).rejects.toBe(lost);
    await withIdempotencyKey(keeper, { amount: '10' }, async (headers) => sent.push(headers['Idempotency-Key'] ?? ''));
    expect(sent).toEqual(['key-1', 'key-1']);
  });

  it('takes a new key after an answer, and for a different request', async () => {
    const keeper = new IdempotencyKeeper(counter());
    const sent: string[] = [];
    const send = async (headers: Record<string, string>) => {
      sent.push(headers['Idempotency-Key'] ?? '');
    };
    await withIdempotencyKey(keeper, { amount: '10' }, send);
    await withIdempotencyKey(keeper, { amount: '10' }, send);
    const refused = new RequestError({ kind: 'code', code: 500, msg: 'error.insufficient_balance', quiet: true });
    await expect(
      withIdempotencyKey(keeper, { amount: '20' }, async (headers) => {
        sent.push(headers['Idempotency-Key'] ?? '');
        throw refused;
      }),
    ).rejects.toBe(refused);
    await withIdempotencyKey(keeper, { amount: '20' }, send);
    expect(keeper.keyFor('{"amount":"30"}')).toBe('key-5');
    expect(sent).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });
});
