// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../features/widgets/i18n-english';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderScreen } from '../../test/render-screen';
import { resetAppState } from '../../test/reset-app-state';
import { setRequestEffects } from '../api/request-effects';
import { displayRulesOf } from '../display/display-rules';
import { OTHER_VALUE_DEFAULTS, useOtherValuesStore } from '../platform/other-values';
import { useHideAmounts } from '../store/hide-amounts';
import { useSelectedProductStore } from '../store/selected-product';
import { useSessionStore } from '../store/session';
import { AssetSummaryWidget, pnlView, signClass } from './AssetSummaryWidget';
import { NewsWidget } from './NewsWidget';
import { QuoteListWidget } from './QuoteListWidget';

class QuietSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const block = { open: '1', close: '1', max: '1', min: '1', volume: '1', averagePrice: '1', tradeAmount: '1' };
function product(code: string, index: number) {
  return {
    id: index,
    productId: index,
    productName: `Product ${code}`,
    productNameLang: {},
    productCode: code,
    productDesc: '',
    productImg: '',
    productType: 2,
    isVisible: 1,
    sort: index,
    isLock: 0,
    isShow: 1,
    isSelfSell: 0,
    isOption: 0,
    PositionType: '1',
    standard: '1',
    priceScale: 2,
    quantityScale: 2,
    sessionOpen: true,
    simulated: true,
    tickerInfo: {
      ticker: code,
      nowPrice: `${100 + index}.00`,
      changeRate: '-1.25',
      changePrice: '-1.00',
      day: block,
      minute: block,
      prevDay: block,
      updated: 1,
      simulated: true,
    },
  };
}

const CRYPTO = Array.from({ length: 8 }, (_, index) => product(`X:C${index}USD`, index));
const STOCKS = [product('AAPL', 20)];

function answer(url: string) {
  const parsed = new URL(url, 'http://x');
  switch (parsed.pathname) {
    case '/api/userInfo/personCenterPanelData':
      return {
        code: 200,
        msg: 'ok',
        data: {
          userBalanceConvert: '10523.45678912',
          allMarginAmount: '250.00000000',
          profitAndLose: '12.00000000',
          profitAndLoseToday: '-3.50000000',
          fastTradeWin: 0,
          fastTradeLose: 0,
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
            userAmt: '9800.12345678',
            frozenAmount: '100.00000000',
            marginAmount: '250',
          },
        ],
      };
    case '/api/notice/list':
      return {
        code: 200,
        msg: 'ok',
        rows: [
          { id: 4, title: 'Weekend maintenance', summary: 'Deposits pause on Sunday.', publishTime: 1_700_000_000_000 },
          { id: 3, title: 'New listing: SOL', summary: '', publishTime: 1_690_000_000_000 },
        ],
        total: 2,
      };
    case '/api/cryptocurrencyProduct/list':
      return { code: 200, msg: 'ok', rows: CRYPTO, total: CRYPTO.length };
    case '/api/stockProduct/list':
      return { code: 200, msg: 'ok', rows: STOCKS, total: 1 };
    default:
      return { code: 200, msg: 'ok', rows: [], total: 0, data: null };
  }
}

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

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  useHideAmounts.setState({ hidden: false });
  useSelectedProductStore.setState({ product: null });
  vi.stubGlobal('WebSocket', QuietSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('m-zichan, the asset summary', () => {
  it('leaves the frozen figure out with app_showFreeze 0', async () => {
    logIn();
    useOtherValuesStore.getState().setValues({ app_showFreeze: '0' });
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<AssetSummaryWidget />);
    await waitFor(() => expect(screen.getByTestId('widget-assets-available').textContent).toBe('9,800.12'));
    expect(screen.queryByTestId('widget-assets-frozen')).toBeNull();
  });

  it('shows the total, USDT available and frozen, margin in use and today’s PnL at the display decimals', async () => {
    logIn();
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<AssetSummaryWidget />);
    expect((await screen.findByTestId('widget-assets-total')).textContent).toBe('10,523.45');
    await waitFor(() => expect(screen.getByTestId('widget-assets-available').textContent).toBe('9,800.12'));
    expect(screen.getByTestId('widget-assets-frozen').textContent).toBe('100.00');
    expect(screen.getByTestId('widget-assets-margin').textContent).toBe('250.00');
    const today = screen.getByTestId('widget-assets-today');
    expect(today.textContent).toBe('-3.50');
    expect(today.querySelector('.k-assets__pnl--fall')).toBeTruthy();
    expect(screen.queryByTestId('simulated-badge')).toBeNull();
  });

  it('the eye hides every figure (shared with the wallet) and the demo account is labelled', async () => {
    logIn(2);
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<AssetSummaryWidget />);
    await screen.findByTestId('widget-assets-total');
    expect(screen.getByText('Demo')).toBeTruthy();
    fireEvent.click(screen.getByTestId('widget-assets-eye'));
    expect(useHideAmounts.getState().hidden).toBe(true);
    expect(window.localStorage.getItem('walletHideAmounts')).toBe('1');
    for (const id of ['total', 'available', 'frozen', 'margin', 'today']) {
      expect(screen.getByTestId(`widget-assets-${id}`).textContent).toBe('****');
    }
  });

  it('asks a visitor to log in', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<AssetSummaryWidget />);
    expect(await screen.findByTestId('widget-assets-guest')).toBeTruthy();
  });

  it('signs profits and colours them by what is shown', () => {
    const rules = displayRulesOf([], OTHER_VALUE_DEFAULTS);
    expect(pnlView('12.5', rules)).toEqual({ text: '+12.50', tone: 'rise' });
    expect(pnlView('-1234.5', rules)).toEqual({ text: '-1,234.50', tone: 'fall' });
    expect(pnlView('-0.004', rules)).toEqual({ text: '0.00', tone: 'flat' });
    expect(pnlView('0.00000000', rules)).toEqual({ text: '0.00', tone: 'flat' });
    expect(pnlView(undefined, rules).tone).toBe('flat');
    expect(signClass('-0')).toBe('flat');
    expect(signClass('abc')).toBe('flat');
  });
});

describe('m-news, the latest notices', () => {
  it('lists the latest notices and opens one on the notices screen', async () => {
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    const { router } = renderScreen(<NewsWidget count={5} />);
    const item = await screen.findByTestId('widget-news-4');
    expect(item.textContent).toContain('Weekend maintenance');
    expect(item.textContent).toContain('Deposits pause on Sunday.');
    expect(calls[0]?.url).toContain('pageSize=5');
    fireEvent.click(item);
    expect(router.state.location.pathname).toBe('/pages/notifyList/notifyList');
    expect(router.state.location.search).toBe('?id=4');
  });
});

describe('m-quolist, the quote list', () => {
  it('shows a market with live-priced rows and the simulated label; a tap opens the product', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    const { router } = renderScreen(<QuoteListWidget limit={5} />);
    expect(await screen.findByTestId('quote-row-X:C0USD')).toBeTruthy();
    expect(screen.getAllByTestId(/^quote-row-/)).toHaveLength(5);
    expect(screen.getByTestId('simulated-badge')).toBeTruthy();

    fireEvent.click(screen.getByTestId('widget-quotes-tab-0'));
    expect(await screen.findByTestId('quote-row-AAPL')).toBeTruthy();
    fireEvent.click(screen.getByTestId('quote-row-AAPL').querySelector('button') as HTMLButtonElement);
    expect(useSelectedProductStore.getState().product?.productCode).toBe('AAPL');
    expect(router.state.location.pathname).toBe('/pages/quoteDetail/quoteDetail');
  });
});
