// @vitest-environment jsdom
import { wallet } from '@kestrel/contract/web';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { resetAppState } from '../../test/reset-app-state';
import { useSessionStore } from '../store/session';
import { call } from './call';
import { setRequestEffects } from './request-effects';

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('extra headers of one call', () => {
  it('sends an Idempotency-Key beside the standard headers, which it cannot override', async () => {
    useSessionStore.setState({ token: 'tok' });
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: {} }));
    await call(wallet.balanceConvert, {
      body: { transAmount: '10', currencyIdFrom: 3, currencyIdTo: 1 },
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'forged' },
    });
    expect(calls[0]?.headers['Idempotency-Key']).toBe('key-1');
    expect(calls[0]?.headers.Authorization).toBe('tok');
  });
});
