// @vitest-environment jsdom
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useOtherValuesStore } from '../../../shared/platform/other-values';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import type { FastTradeOrder } from '../api/fast-trade-list';
import { FastTradeTicket } from './FastTradeTicket';
import '../../../shared/trading/i18n-english';

const SERVER_NOW = 1_700_000_000_000;

const ORDER: FastTradeOrder = {
  id: 41,
  fastTradeOrderOptionsId: 7,
  productCode: 'X:BTCUSD',
  productType: 2,
  productName: 'Bitcoin',
  orderDirection: 0,
  orderPrice: '100.00000000',
  fee: '0.10000000',
  feeRate: '0.001',
  currencyId: 3,
  currencyName: 'USDT',
  durationValue: 30,
  durationLabel: 0,
  durationSeconds: 30,
  winRatio: '0.85',
  loseRatio: '1',
  loseMoneyMethod: 0,
  openPrice: '50000.00',
  openTickId: 'X:BTCUSD#100',
  openTickSource: 'simulator',
  openTime: SERVER_NOW - 25_000,
  expiryTime: SERVER_NOW + 5_000,
  status: 0,
  result: null,
  settlePrice: null,
  settleTickId: null,
  settleTickSource: null,
  settleTime: null,
  payout: null,
  profit: null,
  openEntryId: 1,
  settleEntryId: null,
  demo: 0,
  simulated: true,
  // The phone's clock is an hour off: the countdown must follow the server's time regardless.
  serverTime: SERVER_NOW,
};

const SETTLED = {
  ...ORDER,
  status: 1,
  result: 1,
  settlePrice: '50010.00',
  settleTickId: 'X:BTCUSD#130',
  settleTickSource: 'simulator',
  settleTime: SERVER_NOW + 5_200,
  payout: '185.00000000',
  profit: '85.00000000',
  settleEntryId: 2,
};

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  vi.setSystemTime(SERVER_NOW + 3_600_000);
  useSessionStore.setState({ token: 'tok', userInfo: null });
  // jsdom's document is not "visible"; interval refetches only run in a focused window.
  focusManager.setFocused(true);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

describe('the fast-trade ticket', () => {
  it('counts down on the server clock, then polls the detail and shows the result with the payout', async () => {
    let settled = false;
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: settled ? SETTLED : ORDER }));
    renderScreen(<FastTradeTicket order={ORDER} />);
    expect(screen.getByTestId('fast-countdown').textContent).toBe('0:05');
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByTestId('fast-countdown').textContent).toBe('0:03');
    expect(calls).toHaveLength(0);

    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
    expect(screen.getByTestId('fast-countdown').textContent).toBe('Settling…');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls[0]?.url).toContain('/api/fastTradeOrder/detail?id=41');

    settled = true;
    for (let step = 0; step < 4; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500);
      });
    }
    expect(screen.getByTestId('fast-result').textContent).toBe('Won');
    expect(screen.getByTestId('fast-profit').textContent).toBe('+85.00 USDT');
    expect(screen.getByTestId('fast-payout').textContent).toBe('185.00 USDT');
    expect(screen.getByTestId('fast-settle-tick').textContent).toBe('X:BTCUSD#130');
    const polls = calls.length;
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(calls.length).toBe(polls);
  });

  it('a settled order shows its result at once, without polling', () => {
    const { calls } = mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: SETTLED }));
    renderScreen(<FastTradeTicket order={{ ...SETTLED, result: 2, profit: '-100.00000000', payout: '0' }} />);
    expect(screen.getByTestId('fast-result').textContent).toBe('Lost');
    expect(screen.getByTestId('fast-profit').textContent).toBe('-100.00 USDT');
    expect(calls).toHaveLength(0);
  });

  it('shows the fee line with app_fast_fee 1 and hides it with 0 (the fee is still charged)', () => {
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', data: SETTLED }));
    useOtherValuesStore.getState().setValues({ app_fast_fee: '1' });
    renderScreen(<FastTradeTicket order={SETTLED} />);
    expect(screen.getByTestId('fast-ticket-fee').textContent).toBe('0.10 USDT');
    cleanup();
    useOtherValuesStore.getState().setValues({ app_fast_fee: '0' });
    renderScreen(<FastTradeTicket order={SETTLED} />);
    expect(screen.queryByTestId('fast-ticket-fee')).toBeNull();
    expect(screen.getByTestId('fast-payout')).toBeTruthy();
  });
});
