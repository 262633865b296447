// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ROUTES, SCREENS } from './routes';
import { TABS, tabTarget } from './tabs';

/** SPEC §2, route by route (system pages for image preview and location are the platform's, not routes). */
const SPEC_ROUTES = [
  '/',
  '/pages/index/index',
  '/pages/tabs/home/home-d',
  '/pages/tabs/quotes/quotes',
  '/pages/quoteDetail/quoteDetail',
  '/pages/user/accountDetail',
  '/pages/tabs/me/me-d',
  ...['home', 'home-g', 'home-h', 'home-j', 'home-k'].map((name) => `/pages/tabs/home/${name}`),
  '/pages/tabs/quotes/quoteSearch',
  '/pages/tabs/favorite/favorite',
  ...['me', 'me-e', 'me-f', 'me-g', 'me-h', 'me-j'].map((name) => `/pages/tabs/me/${name}`),
  '/pages/quoteDetail/bibi',
  '/pages/quoteDetail/klinePage',
  '/pages/user/login',
  '/pages/user/register',
  ...[
    'userInfo',
    'change',
    'exchange',
    'recharge',
    'recharge-detail',
    'rechargeRecord',
    'linePay',
    'withdrawl',
    'withdrawRecord',
    'authentication',
    'authentication1',
    'privacy',
    'welfare',
    'award',
    'iwannashare',
  ].map((name) => `/pages/user/${name}`),
  '/pages/record/accountRecord',
  '/pages/record/changeRecord',
  ...['loan', 'buy', 'rePay', 'detail'].map((name) => `/pages/loan/${name}`),
  '/pages/position/contractPosition',
  '/pages/position/bibiOrder',
  ...['newShares', 'detail', 'his'].map((name) => `/pages/newShares/${name}`),
  ...['lockMining', 'lockMiningProductList', 'orders', 'detail'].map((name) => `/pages/lockMining/${name}`),
  '/pages/bankCard/bankCard-list',
  '/pages/bankCard/bindBankCard',
  '/pages/wallets/wallets',
  '/pages/wallets/bindAddress',
  '/pages/msg/msg-list',
  '/pages/msg/msg-detail',
  '/pages/notifyList/notifyList',
  '/pages/team/team',
  '/pages/followOrder/followOrder',
  '/pages/language/language',
  '/pages/language/line',
  '/pages/QA/QA',
  '/pages/service/service',
  '/pages/richText',
  '/pages/networdError/networdError',
  '/components/m-news/m-news',
  '/components/m-zichan/m-zichan',
  '/components/m-quolist/m-quolist',
];

/**
 * Routes of ours, beyond SPEC §2, each for a screen the spec has no route for: the security centre
 * (email, phone, sessions, security log) and the password reset while logged out (issue 15).
 */
const OUR_ROUTES = ['/pages/user/security', '/pages/user/forgetPwd'];

describe('route table', () => {
  it('has exactly the SPEC §2 routes and ours, each once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES, ...OUR_ROUTES].sort());
  });

  it('gives every route but the launch page a title', () => {
    for (const route of ROUTES) {
      if (route.screen === SCREENS.launch) continue;
      expect(route.titleKey, route.path).toBeTruthy();
    }
  });

  it('opens / and /pages/index/index on the launch page', () => {
    for (const path of ['/', '/pages/index/index']) {
      expect(ROUTES.find((route) => route.path === path)?.screen).toBe(SCREENS.launch);
    }
  });

  it('has the five tabs in SPEC order, each route inside the tab shell', () => {
    expect(TABS.map((tab) => tab.path)).toEqual([
      '/pages/tabs/home/home-d',
      '/pages/tabs/quotes/quotes',
      '/pages/quoteDetail/quoteDetail',
      '/pages/user/accountDetail',
      '/pages/tabs/me/me-d',
    ]);
    expect(TABS.map((tab) => tab.labelKey)).toEqual(['tab.home', 'tab.markets', 'tab.trade', 'tab.wallet', 'tab.me']);
    for (const tab of TABS) expect(ROUTES.find((route) => route.path === tab.path)?.tab).toBe(tab.id);
  });
});

describe('tab targets (issue 17: the layout the operator chose)', () => {
  const home = TABS.find((tab) => tab.id === 'home')!;
  const me = TABS.find((tab) => tab.id === 'me')!;

  it('Home and Me open the layouts named by app_home_layout and app_me_layout', () => {
    const values = { app_home_layout: 'home-j', app_me_layout: 'me-f' };
    expect(tabTarget(home, values)).toBe('/pages/tabs/home/home-j');
    expect(tabTarget(me, values)).toBe('/pages/tabs/me/me-f');
    expect(
      tabTarget(
        TABS.find((tab) => tab.id === 'markets')!,
        values,
      ),
    ).toBe('/pages/tabs/quotes/quotes');
  });

  it('an unknown, empty or missing name opens home-d and me-d', () => {
    const settings: Record<string, string>[] = [
      { app_home_layout: 'home-x', app_me_layout: 'me-d; drop' },
      { app_home_layout: '' },
      {},
    ];
    for (const values of settings) {
      expect(tabTarget(home, values)).toBe('/pages/tabs/home/home-d');
      expect(tabTarget(me, values)).toBe('/pages/tabs/me/me-d');
    }
    // Names are the routes' own: a me layout is no home layout.
    expect(tabTarget(home, { app_home_layout: 'me-e' })).toBe('/pages/tabs/home/home-d');
  });

  it('every layout a tab can open is a route inside the tab shell, lighting its tab', () => {
    for (const name of ['home-d', 'home', 'home-g', 'home-h', 'home-j', 'home-k']) {
      const target = tabTarget(home, { app_home_layout: name });
      expect(ROUTES.find((route) => route.path === target)).toMatchObject({ screen: SCREENS.home, tab: 'home' });
    }
    for (const name of ['me-d', 'me', 'me-e', 'me-f', 'me-g', 'me-h', 'me-j']) {
      const target = tabTarget(me, { app_me_layout: name });
      expect(ROUTES.find((route) => route.path === target)).toMatchObject({ screen: SCREENS.me, tab: 'me' });
    }
  });
});
