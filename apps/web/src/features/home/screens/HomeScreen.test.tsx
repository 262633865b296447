// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { pageConfig } from '../../../shared/page-config/page-config';
import { useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { useSessionStore } from '../../../shared/store/session';
import HomeScreen from './HomeScreen';

/** Realtime stays silent: the prices under test are the REST ones. */
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
function product(code: string, index: number, changeRate: string) {
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
      changeRate,
      changePrice: '1.00',
      day: block,
      minute: block,
      prevDay: block,
      updated: 1,
      simulated: true,
    },
  };
}

/** The recommendations: SOL rises most, so it leads the gainers; ETH is recommended first. */
const RECOMMENDED = [
  product('X:ETHUSD', 1, '1.10'),
  product('X:SOLUSD', 2, '7.50'),
  product('X:BTCUSD', 3, '-2.00'),
  product('X:DOGEUSD', 4, '3.25'),
];

const quickEntry = (id: number, icon: string, titleKey: string, target: string) => ({
  id,
  pagePath: '/pages/tabs/home/home-d',
  module: 'quick',
  desc: icon === 'withdraw' ? '隐藏钱包功能' : '显示',
  isVisible: 1,
  sort: id,
  title: titleKey,
  titleKey,
  icon,
  target,
});

function answer(url: string): unknown {
  const { pathname } = new URL(url, 'http://x');
  const rows = (list: unknown[]) => ({ code: 200, msg: 'ok', rows: list, total: list.length });
  switch (pathname) {
    case '/api/homeRecommendProducts/list':
    case '/api/cryptocurrencyProduct/list':
      return rows(RECOMMENDED);
    case '/api/switchSet/list':
      return rows([
        { id: 1, switchName: '显示', switchKey: 'always_shown', status: 0, remark: '' },
        { id: 2, switchName: '隐藏钱包功能', switchKey: 'hide_wallet_actions', status: 1, remark: '' },
      ]);
    case '/api/appConfig/list':
      return rows([
        quickEntry(1, 'markets', 'home.quick_markets', '/pages/tabs/quotes/quotes'),
        quickEntry(2, 'deposit', 'home.quick_deposit', '/pages/user/recharge'),
        // Hidden by its switch (hide_wallet_actions is on): never drawn on any layout.
        quickEntry(3, 'withdraw', 'home.quick_withdraw', '/pages/user/withdrawl'),
      ]);
    case '/api/textLang/list':
      return rows([
        { id: 1, remark: 'risk_warning', content: 'Trading carries risk.', contentLang: {}, contentVisibleFlag: 1 },
      ]);
    case '/api/banner/list':
      return rows([{ id: 1, title: 'Trading week', imageUrl: '/img/banner.png', link: '' }]);
    case '/api/notice/list':
      return rows([
        { id: 7, title: 'Weekend maintenance', summary: 'Deposits pause.', publishTime: 1_700_000_000_000 },
      ]);
    case '/api/userInfo/personCenterPanelData':
      return {
        code: 200,
        msg: 'ok',
        data: {
          userBalanceConvert: '10523.45',
          allMarginAmount: '0',
          profitAndLose: '0',
          profitAndLoseToday: '0',
          fastTradeWin: 0,
          fastTradeLose: 0,
        },
      };
    default:
      return { code: 200, msg: 'ok', rows: [], total: 0, data: null };
  }
}

/** Each module's landmark: what on screen shows that the module is there. */
const LANDMARK: Record<string, string> = {
  welcome: 'home-welcome',
  spotlight: 'home-movers',
  banners: 'home-banners',
  notice: 'home-notice',
  quick: 'quick-markets',
  quickTiles: 'quick-markets',
  assets: 'widget-assets',
  quotes: 'home-tab-recommended',
  rankings: 'home-rankings',
  quoteList: 'widget-quotes',
  news: 'widget-news',
  newsFeed: 'widget-news',
};

/** Each layout as designed: its modules, top to bottom. */
const COMPOSITIONS: Record<string, string[]> = {
  'home-d': ['welcome', 'banners', 'notice', 'quick', 'quotes', 'news'],
  home: ['notice', 'rankings', 'quoteList', 'quick', 'news'],
  'home-g': ['assets', 'quick', 'notice', 'quotes', 'news'],
  'home-h': ['banners', 'newsFeed', 'notice', 'quick', 'quotes'],
  'home-j': ['quickTiles', 'notice', 'rankings', 'news'],
  'home-k': ['spotlight', 'quick', 'notice', 'quoteList', 'news'],
};

const logIn = () =>
  useSessionStore.getState().signIn('token-1', {
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
  });

/** The modules a screen declares, in order. */
const modulesOf = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-module]')].map((element) => element.dataset.module);

/** Waits for every landmark, then checks they stand in this order on the page. */
async function expectInOrder(testIds: string[]) {
  const elements = await Promise.all(testIds.map((testId) => screen.findByTestId(testId, {}, { timeout: 4000 })));
  for (let index = 1; index < elements.length; index += 1) {
    const follows = elements[index - 1]!.compareDocumentPosition(elements[index]!) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(follows, `${testIds[index - 1]} before ${testIds[index]}`).toBeTruthy();
  }
}

// The modules that load lazily: transforming them the first time can outlast a findBy.
beforeAll(async () => {
  await Promise.all([
    import('../../../shared/widgets/AssetSummaryWidget'),
    import('../../../shared/widgets/NewsWidget'),
    import('../../../shared/widgets/QuoteListWidget'),
    import('../components/RankingTiles'),
    import('../components/TopMovers'),
  ]);
});

beforeEach(() => {
  resetAppState();
  pageConfig.clear();
  useSwitchSetStore.setState({ rows: [] });
  useSelectedProductStore.setState({ product: null });
  setRequestEffects({ toast: () => undefined });
  vi.stubGlobal('WebSocket', QuietSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('home layouts', () => {
  for (const [name, modules] of Object.entries(COMPOSITIONS)) {
    it(`${name}: ${modules.join(', ')}, in that order, logged in`, async () => {
      logIn();
      mockFetch((url) => jsonResponse(answer(url)));
      const { container } = renderScreen(<HomeScreen />, `/pages/tabs/home/${name}`);
      expect(screen.getByTestId(`home-layout-${name}`)).toBeTruthy();
      expect(modulesOf(container)).toEqual(modules);
      await expectInOrder(modules.map((module) => LANDMARK[module]!));
      // The switch-hidden entry stays hidden on every layout; the first quote becomes the selected product.
      expect(screen.queryByTestId('quick-withdraw')).toBeNull();
      await waitFor(() => expect(useSelectedProductStore.getState().product?.productCode).toBe('X:ETHUSD'));
    });
  }

  it('every layout is different from every other', () => {
    const shapes = Object.values(COMPOSITIONS).map((modules) => modules.join('>'));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('the rankings tiles lead with the top gainer, and switch to the top prices', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<HomeScreen />, '/pages/tabs/home/home');
    const rankings = await screen.findByTestId('home-rankings');
    // The switch's choices are tabs; the tiles are the buttons, the markets link last.
    const firstTile = () => within(rankings).getAllByRole('button')[0]?.dataset.testid;
    await waitFor(() => expect(firstTile()).toBe('ranking-tile-X:SOLUSD'));
    fireEvent.click(within(rankings).getByRole('tab', { name: 'Top prices' }));
    await waitFor(() => expect(firstTile()).toBe('ranking-tile-X:DOGEUSD'));
  });

  it('the spotlight carries the day’s top gainers, the best first', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<HomeScreen />, '/pages/tabs/home/home-k');
    const movers = await screen.findByTestId('home-movers');
    await waitFor(() =>
      expect(
        within(movers)
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual(['SOL/USD+7.50%', 'DOGE/USD+3.25%', 'ETH/USD+1.10%']),
    );
  });

  it('the launcher draws the quick entries as large tiles', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<HomeScreen />, '/pages/tabs/home/home-j');
    const entry = await screen.findByTestId('quick-markets');
    expect(entry.closest('.home-quick')?.classList.contains('home-quick--tiles')).toBe(true);
  });
});

describe('home layouts for a guest', () => {
  it('layouts without a hero or asset card put a login button in the header; the others do not', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    const withHero = renderScreen(<HomeScreen />, '/pages/tabs/home/home-d');
    await screen.findByTestId('home-welcome');
    expect(screen.queryByTestId('home-header-login')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Log in' })).toHaveLength(1);
    withHero.unmount();

    for (const name of ['home', 'home-h', 'home-j']) {
      const view = renderScreen(<HomeScreen />, `/pages/tabs/home/${name}`);
      expect(screen.getByTestId('home-header-login').textContent).toBe('Log in');
      view.unmount();
    }
  });

  it('the asset-first layout asks a guest to log in where the assets would be', async () => {
    const { calls } = mockFetch((url) => jsonResponse(answer(url)));
    renderScreen(<HomeScreen />, '/pages/tabs/home/home-g');
    expect((await screen.findByTestId('widget-assets-guest')).textContent).toContain('Log in to see your assets');
    expect(calls.some((call) => call.url.startsWith('/api/userInfo/'))).toBe(false);
  });
});

describe('home layouts while loading', () => {
  it('show skeletons in every module that waits for data', async () => {
    logIn();
    mockFetch(hangingFetch);
    const { container } = renderScreen(<HomeScreen />, '/pages/tabs/home/home-g');
    // The quick entries and the quotes card wait with skeletons, the asset card behind its own.
    expect(container.querySelector('.home-quick[aria-busy="true"]')).toBeTruthy();
    expect(container.querySelector('.home-quotes [aria-busy="true"]')).toBeTruthy();
    expect(container.querySelector('[data-module="assets"] .skeleton')).toBeTruthy();
  });
});

describe('an unknown layout name', () => {
  it('shows the default layout, home-d', async () => {
    mockFetch((url) => jsonResponse(answer(url)));
    const { container } = renderScreen(<HomeScreen />, '/pages/tabs/home/home-zz');
    expect(screen.getByTestId('home-layout-home-d')).toBeTruthy();
    expect(modulesOf(container)).toEqual(COMPOSITIONS['home-d']);
  });
});
