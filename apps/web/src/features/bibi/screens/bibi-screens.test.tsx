// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { useSessionStore } from '../../../shared/store/session';
import BibiOrdersScreen from './BibiOrdersScreen';
import BibiScreen from './BibiScreen';

class QuietSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const PAIR = {
  productCode: 'X:BTCUSD',
  productId: 1,
  productType: 2,
  productName: 'Bitcoin',
  pair: 'BTC/USDT',
  baseCurrencyId: 4,
  baseCurrencyName: 'BTC',
  quoteCurrencyId: 3,
  quoteCurrencyName: 'USDT',
  priceScale: 2,
  volumeScale: 5,
  tickSize: '0.50',
  volumeStep: '0.00010',
  minimumVolume: '0.00100',
  makerFeeRate: '0.001',
  takerFeeRate: '0.002',
  referencePrice: '65000.00',
  simulated: true,
  lastPrice: '65010.00',
  trading: true,
};
const level = (price: string, volume: string, marketMaker = false) => ({
  price,
  volume,
  cumulativeVolume: volume,
  orderCount: 1,
  marketMaker,
  marketMakerVolume: marketMaker ? volume : '0',
});
const ORDER = {
  id: 42,
  productCode: 'X:BTCUSD',
  pair: 'BTC/USDT',
  orderDirection: 1,
  orderMethod: 0,
  timeInForce: 'GTC',
  postOnly: 0,
  productPrice: '65100.00',
  orderVolume: '0.01000',
  orderAmount: null,
  filledVolume: '0.00400',
  filledAmount: '260.40000000',
  averagePrice: '65100.00',
  remainingVolume: '0.00600',
  feeAmount: '0.26040000',
  frozenAmount: '0.00600000',
  frozenCurrencyId: 4,
  status: 0,
  cancelReason: null,
  marketMaker: false,
  createTime: 1_700_000_000_000,
  updateTime: 1_700_000_000_000,
  finishTime: null,
};

function answer(url: string) {
  const path = new URL(url, 'http://x').pathname;
  switch (path) {
    case '/api/bibiTradeOrder/pairs':
      return { code: 200, msg: 'ok', rows: [PAIR], total: 1 };
    case '/api/bibiTradeOrder/depth':
      return {
        code: 200,
        msg: 'ok',
        data: {
          productCode: 'X:BTCUSD',
          sequence: 7,
          bids: [level('65000.00', '0.20000', true), level('64999.50', '0.10000')],
          asks: [level('65100.00', '0.01000'), level('65200.00', '0.50000', true)],
          time: 1,
        },
      };
    case '/api/bibiTradeOrder/trades':
      return {
        code: 200,
        msg: 'ok',
        data: [
          {
            tradeId: 3,
            productCode: 'X:BTCUSD',
            price: '65010.00',
            volume: '0.00200',
            amount: '130.02',
            takerDirection: 0,
            marketMaker: true,
            time: 1_700_000_000_000,
          },
        ],
      };
    case '/api/bibiTradeOrder/ticker':
      return {
        code: 200,
        msg: 'ok',
        data: {
          productCode: 'X:BTCUSD',
          lastPrice: '65010.00',
          openPrice24h: '64000.00',
          highPrice24h: '65500.00',
          lowPrice24h: '63900.00',
          changeRate24h: '0.0158',
          volume24h: '12.34560',
          amount24h: '801234.50',
          tradeCount24h: 20,
          bestBid: '65000.00',
          bestAsk: '65100.00',
          time: 2,
        },
      };
    case '/api/userInfo/userBalance':
      return {
        code: 200,
        msg: 'ok',
        data: [
          {
            currencyId: 3,
            currencyName: 'USDT',
            userAmt: '1000.00000000',
            frozenAmount: '0.00000000',
            marginAmount: '0',
          },
          { currencyId: 4, currencyName: 'BTC', userAmt: '0.50000000', frozenAmount: '0.00600000', marginAmount: '0' },
        ],
      };
    case '/api/platformCurrency/list':
      return { code: 200, msg: 'ok', rows: [], total: 0 };
    case '/api/bibiTradeOrder/list':
      return { code: 200, msg: 'ok', rows: [ORDER], total: 1 };
    case '/api/bibiTradeOrder/detail':
      return {
        code: 200,
        msg: 'ok',
        data: {
          ...ORDER,
          fills: [
            {
              tradeId: 9,
              price: '65100.00',
              volume: '0.00400',
              amount: '260.40',
              fee: '0.26040000',
              role: 'maker',
              counterpartyMarketMaker: false,
              time: 1_700_000_000_000,
            },
          ],
        },
      };
    case '/api/userBibiAssets/list':
      return {
        code: 200,
        msg: 'ok',
        rows: [{ productCode: 'BTC', bibiAmount: '0.50600000', buyAmountAll: '0', sellAmountAll: '0' }],
        total: 1,
      };
    default:
      return { code: 200, msg: 'ok', rows: [], total: 0, data: null };
  }
}

beforeEach(() => {
  resetAppState();
  useSelectedProductStore.setState({ product: null });
  setRequestEffects({ toast: () => undefined });
  vi.stubGlobal('WebSocket', QuietSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function logIn() {
  useSessionStore.setState({
    token: 'token-1',
    userInfo: {
      id: 1,
      userAccount: 'a@example.com',
      email: 'a@example.com',
      phone: null,
      areaCode: null,
      nickName: 'A',
      avatar: '',
      accountType: 0,
      inviteCode: '',
      createTime: 0,
    },
  });
}

describe('coin-to-coin exchange screen', () => {
  it('shows the book with cumulative sizes and market-maker badges; logged out, a login prompt instead of the form', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    const asks = await screen.findByTestId('depth-asks');
    await waitFor(() => expect(within(asks).getAllByTestId('depth-ask')).toHaveLength(2));
    // Asks: best (lowest) nearest the middle, so the worst is listed first.
    expect(
      within(asks)
        .getAllByTestId('depth-ask')
        .map((row) => row.getAttribute('data-price')),
    ).toEqual(['65200.00', '65100.00']);
    expect(asks.textContent).toContain('0.51000');
    expect(screen.getAllByTestId('mm-badge').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('depth-middle').textContent).toContain('100.00');
    expect(screen.getByTestId('bibi-login-prompt')).toBeTruthy();
    expect(screen.queryByTestId('order-form')).toBeNull();
    expect(screen.getByTestId('simulated-badge')).toBeTruthy();
  });

  it('a tapped level fills the limit price; off-tick prices and short balances are said inline and nothing is sent', async () => {
    logIn();
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    await screen.findByTestId('order-form');
    const ask = await waitFor(() => {
      const rows = screen.getAllByTestId('depth-ask');
      expect(rows.length).toBe(2);
      return rows[1]!;
    });
    fireEvent.click(ask);
    const price = screen.getByTestId('order-price') as HTMLInputElement;
    expect(price.value).toBe('65100.00');

    fireEvent.change(price, { target: { value: '65100.25' } });
    expect(screen.getByText('The price must be a multiple of 0.50')).toBeTruthy();
    fireEvent.change(price, { target: { value: '65100' } });
    fireEvent.change(screen.getByTestId('order-volume'), { target: { value: '1' } });
    expect(screen.getByTestId('order-balance-error').textContent).toContain('Not enough available balance');
    fireEvent.click(screen.getByTestId('order-submit'));
    expect(screen.queryByTestId('order-confirm')).toBeNull();

    // 50 % of 1000 USDT at 65100 with a 0.2 % taker fee: 0.0076 BTC (whole 0.0001 steps).
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000.00'));
    fireEvent.click(screen.getByTestId('order-pct-50'));
    expect((screen.getByTestId('order-volume') as HTMLInputElement).value).toBe('0.0076');
    expect(screen.getByTestId('order-total').textContent).toContain('494.76');
    expect(calls.some((call) => call.url.includes('/bibiTradeOrder/buy'))).toBe(false);
  });

  it('confirms and sends a limit buy with an Idempotency-Key', async () => {
    logIn();
    const { calls } = mockFetch((url, init) => {
      if (url.includes('/bibiTradeOrder/buy')) {
        return jsonResponse({
          code: 200,
          msg: 'ok',
          data: { ...ORDER, id: 43, orderDirection: 0, status: 1, fills: [] },
        });
      }
      void init;
      return jsonResponse(answer(url));
    });
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    await screen.findByTestId('order-form');
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000.00'));
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '65100' } });
    fireEvent.change(screen.getByTestId('order-volume'), { target: { value: '0.001' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    fireEvent.click(await screen.findByTestId('order-confirm'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/bibiTradeOrder/buy'))).toBe(true));
    const buy = calls.find((call) => call.url.includes('/bibiTradeOrder/buy'))!;
    expect(String(buy.init.body)).toContain('productPrice=65100');
    expect(String(buy.init.body)).toContain('orderVolume=0.001');
    expect(String(buy.init.body)).toContain('orderMethod=0');
    expect(buy.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refusal the server still makes under the form, translated, and keeps the form as typed', async () => {
    logIn();
    const toasts: string[] = [];
    setRequestEffects({ toast: (text) => toasts.push(text) });
    mockFetch((url) => {
      if (url.includes('/bibiTradeOrder/sell')) {
        return jsonResponse({ code: 500, msg: 'error.bibi_price_off_tick', params: { tickSize: '0.50' } });
      }
      return jsonResponse(answer(url));
    });
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    await screen.findByTestId('order-form');
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('1,000.00'));
    fireEvent.click(screen.getByTestId('order-side-sell'));
    await waitFor(() => expect(screen.getByTestId('order-available').textContent).toContain('BTC'));
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '65200' } });
    fireEvent.change(screen.getByTestId('order-volume'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    fireEvent.click(await screen.findByTestId('order-confirm'));
    const refusal = await screen.findByTestId('order-refusal');
    expect(refusal.textContent).toBe('The price must be a multiple of the tick size 0.50');
    expect(toasts).toEqual(['The price must be a multiple of the tick size 0.50']);
    expect((screen.getByTestId('order-volume') as HTMLInputElement).value).toBe('0.01');
  });
});

describe('coin-to-coin orders screen', () => {
  it('lists open orders with their figures and opens an order to show its fills', async () => {
    logIn();
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<BibiOrdersScreen />, '/?tab=open');
    const row = await screen.findByTestId('order-row');
    expect(row.textContent).toContain('BTC/USDT');
    expect(row.textContent).toContain('Partly filled');
    expect(screen.getByTestId('order-filled').textContent).toContain('0.00400');
    fireEvent.click(screen.getByTestId('order-open-42'));
    const fills = await screen.findByTestId('order-fills');
    expect(within(fills).getAllByTestId('fill-row')).toHaveLength(1);
    expect(fills.textContent).toContain('Maker');
    expect(screen.getByTestId('bibi-holdings').textContent).toContain('0.50');
  });

  it('cancels an open order with its id under an Idempotency-Key', async () => {
    logIn();
    const { calls } = mockFetch((url) => {
      if (url.includes('/bibiTradeOrder/cancel')) {
        return jsonResponse({
          code: 200,
          msg: 'ok',
          data: { ...ORDER, status: 2, cancelReason: 'customer', fills: [] },
        });
      }
      return jsonResponse(answer(url));
    });
    renderScreen(<BibiOrdersScreen />, '/?tab=open');
    fireEvent.click(await screen.findByTestId('order-cancel-42'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/bibiTradeOrder/cancel'))).toBe(true));
    const cancel = calls.find((call) => call.url.includes('/bibiTradeOrder/cancel'))!;
    expect(String(cancel.init.body)).toBe('bibiTradeOrderId=42');
    expect(cancel.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logged out, asks to log in instead of listing', async () => {
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<BibiOrdersScreen />, '/');
    expect(await screen.findByTestId('bibi-login-prompt')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/bibiTradeOrder/list'))).toBe(false);
  });
});
