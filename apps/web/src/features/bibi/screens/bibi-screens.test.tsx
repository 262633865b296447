// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
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

const block = (close: string, max: string, min: string) => ({
  open: '64000.00',
  close,
  max,
  min,
  volume: '10',
  averagePrice: close,
  tradeAmount: '650000',
});
/** The price feed's product behind the pair: its day block is the reference day range. */
const REFERENCE_PRODUCT = {
  productCode: 'X:BTCUSD',
  tickerInfo: {
    ticker: 'X:BTCUSD',
    nowPrice: '65020.50',
    changeRate: '1.2',
    changePrice: '780',
    day: block('65020.50', '66123.40', '63456.70'),
    minute: block('65020.50', '65030.00', '65000.00'),
    prevDay: block('64240.00', '65000.00', '63000.00'),
    updated: 5,
    simulated: true,
  },
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
    case '/api/product/detail':
      return { code: 200, msg: 'ok', data: REFERENCE_PRODUCT };
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

function logIn(accountType = 0) {
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
      accountType,
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

describe('coin-to-coin on a demo account and beside an empty trade list', () => {
  it('says up front that a demo account cannot trade here: the form is disabled, the balances are labelled demo', async () => {
    logIn(DEMO_ACCOUNT_TYPE);
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    const notice = await screen.findByTestId('bibi-demo-notice');
    expect(notice.textContent).toContain('demo account cannot trade here');
    expect(within(notice).getByTestId('bibi-switch-to-real').textContent).toBe('Back to live account');
    const form = screen.getByTestId('order-form');
    expect((form.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('order-demo-label').textContent).toBe('Demo');
    expect(screen.getByTestId('bibi-balances-demo').textContent).toBe('Demo');
    // The submit is disabled: a click reaches no confirmation and sends nothing.
    fireEvent.click(screen.getByTestId('order-submit'));
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    expect(calls.some((call) => /bibiTradeOrder\/(buy|sell)/.test(call.url))).toBe(false);
  });

  it('switches to the real account from the notice through userInfo/changeLoginModel, after a confirmation', async () => {
    logIn(DEMO_ACCOUNT_TYPE);
    const { calls } = mockFetch((url) => {
      if (url.includes('/userInfo/changeLoginModel')) {
        const real = { ...useSessionStore.getState().userInfo!, accountType: 0 };
        return jsonResponse({ code: 200, msg: 'ok', data: { token: 'token-real', userInfo: real } });
      }
      return jsonResponse(answer(url));
    });
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    fireEvent.click(await screen.findByTestId('bibi-switch-to-real'));
    fireEvent.click(await screen.findByText('Confirm'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/userInfo/changeLoginModel'))).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('bibi-demo-notice')).toBeNull());
    expect(useSessionStore.getState().token).toBe('token-real');
    expect(screen.queryByTestId('order-demo-label')).toBeNull();
  });

  it('a real account has no demo notice and a live form', async () => {
    logIn();
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    const form = await screen.findByTestId('order-form');
    expect(screen.queryByTestId('bibi-demo-notice')).toBeNull();
    expect((form.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
  });

  it("shows the feed's reference price and day range, labelled simulated reference data", async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<BibiScreen />, '/?productCode=X:BTCUSD');
    const reference = await screen.findByTestId('pair-reference');
    await waitFor(() => expect(within(reference).getByTestId('reference-high').textContent).toContain('66,123.40'));
    expect(within(reference).getByTestId('reference-low').textContent).toContain('63,456.70');
    expect(within(reference).getByTestId('reference-price').textContent).toContain('65,020.50');
    expect(reference.textContent).toContain('Reference data');
    expect(reference.textContent).toContain('From the price simulator, not trades on this exchange.');
    expect(within(reference).getByTestId('simulated-badge')).toBeTruthy();
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
    // Fees in USDT at the display precision, never the ledger's eight digits.
    expect(fills.textContent).toContain('Fee 0.26');
    expect(document.body.textContent).not.toMatch(/\d\.\d{8}/);
  });

  it('shows a fee under one cent with the digits charged, never as 0.00', async () => {
    logIn();
    const tinyFee = { ...ORDER, feeAmount: '0.00260000' };
    mockFetch((url) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/bibiTradeOrder/list') return jsonResponse({ code: 200, msg: 'ok', rows: [tinyFee], total: 1 });
      if (path === '/api/bibiTradeOrder/detail') {
        const fill = { tradeId: 9, price: '65100.00', volume: '0.00004', amount: '2.60400000', fee: '0.00260000' };
        const detail = { ...tinyFee, fills: [{ ...fill, role: 'taker', counterpartyMarketMaker: false, time: 1 }] };
        return jsonResponse({ code: 200, msg: 'ok', data: detail });
      }
      return jsonResponse(answer(url));
    });
    renderScreen(<BibiOrdersScreen />, '/?tab=open');
    await screen.findByTestId('order-row');
    expect(screen.getByTestId('order-fee').textContent).toBe('0.0026 USDT');
    fireEvent.click(screen.getByTestId('order-open-42'));
    const fills = await screen.findByTestId('order-fills');
    expect(fills.textContent).toContain('Fee 0.0026');
    expect(screen.getByTestId('order-detail').textContent).toContain('0.0026 USDT');
    expect(document.body.textContent).not.toMatch(/(^|[^\d,])0\.00 USDT/);
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
