// @vitest-environment jsdom
import { funding, operatorStaff, support } from '@kestrel/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, onUnauthorized } from './call';
import { ApiError, translateError } from './errors';
import { IdempotencyKeeper } from './queries';
import { readSession, writeSession } from './session';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function answer(envelope: object): { sent: Sent[] } {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: String(init.method),
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
      });
      return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { sent };
}

beforeEach(() => writeSession({ token: 'staff-token', staff: { id: 1, username: 'ann', role: 'finance' } }));
afterEach(() => {
  vi.unstubAllGlobals();
  writeSession(null);
});

describe('the console request layer', () => {
  it('sends the staff token as a bearer, form-encodes the body and carries the Idempotency-Key of a money move', async () => {
    const { sent } = answer({ code: 200, msg: 'ok', data: { id: 7 } });
    const data = await call(funding.operatorDepositConfirm, {
      body: { id: 7, reason: 'receipt ok' },
      idempotencyKey: 'key-1',
    });
    expect(data).toEqual({ id: 7 });
    expect(sent[0]).toMatchObject({
      url: '/api/operator/deposits/confirm',
      method: 'POST',
      body: 'id=7&reason=receipt+ok',
    });
    expect(sent[0]?.headers).toMatchObject({
      Authorization: 'Bearer staff-token',
      'Idempotency-Key': 'key-1',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
  });

  it('sends JSON where the endpoint says so, and no key where it is not idempotent', async () => {
    const { sent } = answer({ code: 200, msg: 'ok', data: {} });
    await call(support.operatorSupportSend, { body: { conversationId: 3, text: 'Hello' } });
    expect(sent[0]?.body).toBe('{"conversationId":3,"text":"Hello"}');
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
    expect(sent[0]?.headers['Idempotency-Key']).toBeUndefined();
  });

  it('answers a list as rows with the server total, the query in the URL', async () => {
    const { sent } = answer({ code: 200, msg: 'ok', rows: [{ id: 1 }], total: 41 });
    const page = await call(operatorStaff.operatorAuditLog, {
      query: { pageNum: 2, pageSize: 20, action: 'deposit.confirm' },
    });
    expect(page).toEqual({ rows: [{ id: 1 }], total: 41 });
    expect(sent[0]?.url).toBe('/api/operator/audit?pageNum=2&pageSize=20&action=deposit.confirm');
  });

  it('turns a refusal key into its English text with its parameters', async () => {
    answer({ code: 500, msg: 'error.account_locked', params: { minutes: 15 } });
    const failure = await call(funding.operatorWithdrawals, { query: { pageNum: 1, pageSize: 10 } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Account locked, try again in 15 min');
    expect(translateError('error.operator_forbidden')).toBe('Your role does not allow this action');
    expect(translateError('error.some_new_refusal')).toBe('Some new refusal');
  });

  it('ends the session and goes back to sign-in on code 401', async () => {
    answer({ code: 401, msg: 'error.session_expired' });
    const signIn = vi.fn();
    onUnauthorized(signIn);
    const failure = await call(funding.operatorDeposits, { query: { pageNum: 1, pageSize: 10 } }).catch(
      (error: unknown) => error,
    );
    expect((failure as ApiError).kind).toBe('unauthorized');
    expect(readSession()).toBeNull();
    expect(signIn).toHaveBeenCalledOnce();
  });

  it('keeps one Idempotency-Key across retries of the same action, a new one after an answer', () => {
    let counter = 0;
    const keeper = new IdempotencyKeeper(() => `key-${++counter}`);
    expect(keeper.keyFor('{"id":1}')).toBe('key-1');
    keeper.settle(new ApiError('transport', 'error.network', undefined, 0));
    expect(keeper.keyFor('{"id":1}')).toBe('key-1');
    keeper.settle(new ApiError('refused', 'error.x', undefined, 500));
    expect(keeper.keyFor('{"id":1}')).toBe('key-2');
    expect(keeper.keyFor('{"id":2}')).toBe('key-3');
  });
});
