// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { useSessionStore } from '../../../shared/store/session';
import MarketsScreen from './MarketsScreen';
import QuoteSearchScreen from './QuoteSearchScreen';

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
function product(code: string, index: number, productType = 1) {
  return {
    id: index,
    productId: index,
    productName: `Product ${code}`,
    productNameLang: {},
    productCode: code,
    productDesc: '',
    productImg: '',
    productType,
    isVisible: 1,
    sort: index,
    isLock: 0,
    isShow: 1,
    isSelfSell: 0,
    isOption: 0,
    PositionType: '0',
    standard: '1',
    priceScale: 2,
    quantityScale: 2,
    sessionOpen: index % 2 === 0,
    simulated: true,
    tickerInfo: {
      ticker: code,
      nowPrice: `${100 + index}.00`,
      changeRate: '1.25',
      changePrice: '1.00',
      day: block,
      minute: block,
      prevDay: block,
      updated: 1,
      simulated: true,
    },
  };
}

const STOCKS = Array.from({ length: 25 }, (_, index) => product(`S${index}`, index));

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

describe('markets', () => {
  it('pages a market 20 rows at a time: load more, then no more', async () => {
    const { calls } = mockFetch((url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('pageNum'));
      return jsonResponse({
        code: 200,
        msg: 'ok',
        rows: STOCKS.slice((page - 1) * 20, page * 20),
        total: STOCKS.length,
      });
    });
    renderScreen(<MarketsScreen />, '/pages/tabs/quotes/quotes');
    await screen.findByTestId('quote-row-S0');
    expect(calls[0]?.url).toBe('/api/stockProduct/list?pageNum=1&pageSize=20');
    expect(screen.getAllByTestId(/^quote-row-/)).toHaveLength(20);
    expect(screen.getByTestId('price-S3').textContent).toBe('103.00');
    expect(screen.getAllByText('Closed').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByTestId('quote-row-S24');
    expect(calls.at(-1)?.url).toBe('/api/stockProduct/list?pageNum=2&pageSize=20');
    expect(screen.getAllByTestId(/^quote-row-/)).toHaveLength(25);
    expect(screen.getByText('No more')).toBeTruthy();
  });

  it('switches markets by tab and asks to log in for the watchlist', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse({ code: 200, msg: 'ok', rows: [product('X:BTCUSD', 1, 2)], total: 1 }),
    );
    const { router } = renderScreen(<MarketsScreen />, '/pages/tabs/quotes/quotes');
    await screen.findByTestId('quote-row-X:BTCUSD');
    fireEvent.click(screen.getByTestId('market-tab-1'));
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/cryptocurrencyProduct/list'))).toBe(true),
    );
    expect(router.state.location.search).toBe('?tab=1');

    fireEvent.click(screen.getByTestId('market-tab-4'));
    expect(await screen.findByText('Log in to use your watchlist')).toBeTruthy();
    fireEvent.click(screen.getByTestId('watchlist-login'));
    expect(router.state.location.pathname).toBe('/pages/user/login');
  });

  it('a tapped row becomes the selected product and opens the trade tab (SPEC §4)', async () => {
    mockFetch(() => jsonResponse({ code: 200, msg: 'ok', rows: [product('AAPL', 2)], total: 1 }));
    const { router } = renderScreen(<MarketsScreen />, '/pages/tabs/quotes/quotes');
    fireEvent.click((await screen.findByTestId('quote-row-AAPL')).querySelector('button') as HTMLButtonElement);
    expect(useSelectedProductStore.getState().product?.productCode).toBe('AAPL');
    expect(router.state.location.pathname).toBe('/pages/quoteDetail/quoteDetail');
  });

  it('adds with JSON and removes with a form from the star', async () => {
    useSessionStore.setState({ token: 'token', userInfo: null });
    let starred = false;
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/api/userProductOption/list'))
        return jsonResponse({
          code: 200,
          msg: 'ok',
          rows: starred ? [product('AAPL', 2)] : [],
          total: starred ? 1 : 0,
        });
      if (url.startsWith('/api/userProductOption/addOption')) {
        starred = true;
        return jsonResponse({ code: 200, msg: 'ok' });
      }
      if (url.startsWith('/api/userProductOption/delOption')) {
        starred = false;
        return jsonResponse({ code: 200, msg: 'ok' });
      }
      return jsonResponse({ code: 200, msg: 'ok', rows: [product('AAPL', 2)], total: 1 });
    });
    renderScreen(<MarketsScreen />, '/pages/tabs/quotes/quotes');
    const star = () => screen.getByTestId('quote-row-AAPL').querySelector('.watchlist-star') as HTMLButtonElement;
    await screen.findByTestId('quote-row-AAPL');
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(star());
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    const add = calls.find((call) => call.url === '/api/userProductOption/addOption');
    expect(add?.headers['Content-Type'] ?? add?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(String(add?.init.body))).toEqual({ productCode: 'AAPL', productType: 1, productId: 2 });

    fireEvent.click(star());
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('false'));
    const remove = calls.find((call) => call.url === '/api/userProductOption/delOption');
    expect(new URLSearchParams(String(remove?.init.body)).get('productCode')).toBe('AAPL');
  });
});

describe('quote search', () => {
  it('waits 300 ms, then searches the four markets with keyWords and groups the results', async () => {
    const { calls } = mockFetch((url) => {
      const hit = url.startsWith('/api/stockProduct') && url.includes('keyWords=app');
      return jsonResponse({ code: 200, msg: 'ok', rows: hit ? [product('AAPL', 2)] : [], total: hit ? 1 : 0 });
    });
    renderScreen(<QuoteSearchScreen />, '/pages/tabs/quotes/quoteSearch');
    expect(screen.getByText('Search all markets')).toBeTruthy();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'app' } });
    expect(calls).toHaveLength(0);
    await screen.findByTestId('quote-row-AAPL');
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/cryptocurrencyProduct/list?pageNum=1&pageSize=20&keyWords=app',
      '/api/forexProduct/list?pageNum=1&pageSize=20&keyWords=app',
      '/api/futuresProduct/list?pageNum=1&pageSize=20&keyWords=app',
      '/api/stockProduct/list?pageNum=1&pageSize=20&keyWords=app',
    ]);
    expect(screen.getByText('US Stocks')).toBeTruthy();

    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing matches “zzz”')).toBeTruthy();
  });
});
