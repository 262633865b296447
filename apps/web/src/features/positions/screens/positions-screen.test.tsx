// @vitest-environment jsdom
import type { contracts } from '@kestrel/contract/web';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import ContractPositionScreen from './ContractPositionScreen';

const OPEN: contracts.Position = {
  id: 5,
  productId: 1,
  productCode: 'X:BTCUSD',
  productName: 'Bitcoin',
  productType: 2,
  orderDirection: 0,
  orderLever: 10,
  orderNum: '0.0200',
  openPrice: '50000.00',
  orderTotalPrice: '1000.00000000',
  marginAmount: '100.00000000',
  openFeeRate: '0.001',
  openFee: '1.00000000',
  stopProfitPrice: '55000.00',
  stopLossPrice: '48000.00',
  liquidationPrice: '46000.00',
  openTickId: 'X:BTCUSD#10',
  openTickSource: 'simulator',
  openTime: 0,
  closableTime: 0,
  status: 0,
  closePrice: null,
  closeFeeRate: null,
  closeFee: null,
  closeTickId: null,
  closeTickSource: null,
  closeTime: null,
  closeReason: null,
  nowPrice: '50500.00',
  profitAndLose: '10.00000000',
  settledAmount: null,
  demo: 0,
  simulated: true,
};

const CLOSED: contracts.Position = {
  ...OPEN,
  id: 4,
  orderDirection: 1,
  status: 1,
  closePrice: '49000.00',
  closeFeeRate: '0.001',
  closeFee: '0.10000000',
  closeTickId: 'X:BTCUSD#77',
  closeTickSource: 'simulator',
  closeTime: 1,
  closeReason: 'take_profit',
  nowPrice: '49000.00',
  profitAndLose: '20.00000000',
  settledAmount: '119.90000000',
};

const user = {
  id: 7,
  userAccount: 'a@b.c',
  email: null,
  phone: null,
  areaCode: null,
  nickName: 'A',
  avatar: '',
  accountType: 0,
  inviteCode: 'X',
  createTime: 0,
};

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  useSessionStore.setState({ token: 'tok', userInfo: user });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve() {
  return mockFetch((url, init) => {
    const path = url.split('?')[0];
    if (path === '/api/userProductPosition/list') {
      const list = url.includes('status=1') ? [CLOSED] : [OPEN];
      return jsonResponse({ code: 200, msg: 'ok', rows: list, total: list.length });
    }
    if (path === '/api/userProductPosition/sell') {
      return jsonResponse({
        code: 200,
        msg: 'ok',
        data: { ...OPEN, status: 1, closeReason: 'manual', profitAndLose: '9.5' },
      });
    }
    if (path === '/api/userProductPosition/sellAll') {
      return jsonResponse({ code: 200, msg: 'ok', data: { closed: [], skipped: [] } });
    }
    if (path === '/api/userProductPosition/updateStopPrice') {
      return jsonResponse({ code: 500, msg: 'error.take_profit_wrong_side', data: init.body });
    }
    return jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

describe('contract positions', () => {
  it('open: the facts and live PnL, close after a confirmation with an Idempotency-Key', async () => {
    const { calls } = serve();
    renderScreen(<ContractPositionScreen />);
    const card = await screen.findByTestId('position-card');
    expect(within(card).getByTestId('position-direction').textContent).toBe('Long 10x');
    expect(within(card).getByTestId('position-pnl').textContent).toBe('+10.00');
    expect(card.textContent).toContain('+10.00%');
    expect(within(card).getByTestId('position-tp').textContent).toBe('55,000.00');
    expect(within(card).getByTestId('open-tick').textContent).toBe('X:BTCUSD#10');
    expect(screen.getByTestId('positions-total-pnl').textContent).toBe('+10.00');

    fireEvent.click(within(card).getByTestId('position-close'));
    fireEvent.click(await screen.findByTestId('close-sheet-confirm'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/userProductPosition/sell')).toBe(true));
    const close = calls.find((call) => call.url === '/api/userProductPosition/sell')!;
    expect(String(close.init.body)).toBe('positionId=5');
    expect(close.headers['Idempotency-Key']).toBeTruthy();
  });

  it('edit TP/SL: checks the side against the live price before sending', async () => {
    const { calls } = serve();
    renderScreen(<ContractPositionScreen />);
    fireEvent.click(await screen.findByTestId('position-edit'));
    const tp = await screen.findByTestId('levels-tp');
    fireEvent.change(tp, { target: { value: '50000' } });
    expect(screen.getByTestId('levels-tp-error').textContent).toBe('Take-profit must be above 50,500.00');
    expect((screen.getByTestId('levels-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(tp, { target: { value: '60000' } });
    fireEvent.click(screen.getByTestId('levels-save'));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/userProductPosition/updateStopPrice')).toBe(true),
    );
    const edit = calls.find((call) => call.url === '/api/userProductPosition/updateStopPrice')!;
    expect(String(edit.init.body)).toBe('positionId=5&stopProfitPrice=60000&stopLossPrice=48000.00');
    // The server refused: the message sits under the field and the typed level stays.
    expect(await screen.findByTestId('levels-tp-error')).toBeTruthy();
    expect((screen.getByTestId('levels-tp') as HTMLInputElement).value).toBe('60000');
  });

  it('closed: realized PnL, why it closed and the closing tick; close all asks first', async () => {
    const { calls } = serve();
    renderScreen(<ContractPositionScreen />);
    fireEvent.click(await screen.findByTestId('positions-close-all'));
    fireEvent.click(await screen.findByTestId('close-all-sheet-confirm'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/userProductPosition/sellAll')).toBe(true));

    fireEvent.click(screen.getByTestId('positions-tab-closed'));
    const closed = await screen.findByTestId('closed-positions');
    expect(within(closed).getByTestId('close-reason').textContent).toBe('Take-profit');
    expect(within(closed).getByTestId('close-tick').textContent).toBe('X:BTCUSD#77');
    expect(within(closed).getByTestId('position-pnl').textContent).toBe('+20.00');
    expect(within(closed).queryByTestId('position-close')).toBeNull();
  });
});
