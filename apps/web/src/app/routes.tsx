import type { MessageKey } from '@kestrel/contract/web';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { DEFAULT_HOME_LAYOUT, DEFAULT_ME_LAYOUT, HOME_LAYOUT_NAMES, ME_LAYOUT_NAMES } from '@kestrel/contract/web';
import { prefetchHome } from '../features/home/prefetch';
import { prefetchTrade } from '../features/trade/prefetch';
import { queryClient } from '../shared/api/query-client';
import { homeLayoutPath, meLayoutPath } from '../shared/layouts/layout-routes';
import { stepByStepWhenIdle } from '../shared/lazy/after-first-screen';
import { prefetchWhenIdle, tabFiles } from '../shared/lazy/prefetch-tab-files';
import { lazyScreen, type LazyScreen } from '../shared/lazy/lazy-screen';
import { PATHS } from '../shared/paths';
import { preloadPullToRefresh } from '../shared/ui/Refreshable';
import { Splash } from '../shared/ui/Splash';
import { loadToast } from '../shared/ui/toast';
import type { TabId } from './tabs';

/**
 * Every route of SPEC §2, exactly as the spec spells it, and the screen it shows.
 *
 * To add a screen: build it in `src/features/<feature>/screens/<Name>Screen.tsx` (default export),
 * add a `lazyScreen(() => import(...))` line to SCREENS, and point the route's `screen` at it.
 * Routes still showing `SCREENS.comingSoon` are the ones waiting for their screen.
 */
export interface ScreenRoute {
  path: string;
  /** The page title: the header of "coming soon" screens and the window title. */
  titleKey?: MessageKey;
  screen: ComponentType;
  /** Shown inside the tab bar shell, with this tab highlighted. */
  tab?: TabId;
  /**
   * Requests the data the screen's first paint needs, when the app opens on this route: beside the
   * screen's code instead of after it has loaded and rendered (features/<feature>/prefetch.ts).
   */
  prefetch?: (queryClient: QueryClient) => void;
}

/** One lazy component per screen module, so routes sharing a screen share its chunk. */
export const SCREENS = {
  launch: lazyScreen(() => import('../features/launch/screens/LaunchScreen'), { placeholder: <Splash /> }),
  home: lazyScreen(() => import('../features/home/screens/HomeScreen')),
  markets: lazyScreen(() => import('../features/markets/screens/MarketsScreen')),
  quoteSearch: lazyScreen(() => import('../features/markets/screens/QuoteSearchScreen')),
  favorite: lazyScreen(() => import('../features/markets/screens/FavoriteScreen')),
  trade: lazyScreen(() => import('../features/trade/screens/TradeScreen')),
  kline: lazyScreen(() => import('../features/trade/screens/KlineScreen')),
  contractPosition: lazyScreen(() => import('../features/positions/screens/ContractPositionScreen')),
  // The exchange and its orders screen: one module picks by path (features/bibi/screens/BibiScreens.tsx).
  bibi: lazyScreen(() => import('../features/bibi/screens/BibiScreens')),
  // New shares, locked staking and loans: one module picks the feature by path (app/InvestScreens.tsx).
  invest: lazyScreen(() => import('./InvestScreens')),
  // Messages, help, support, component pages and account self-service: one module picks by path (app/ServiceScreens.tsx).
  service: lazyScreen(() => import('./ServiceScreens')),
  // Identity verification, the team, the invitation poster, the rewards and copy trading (app/GrowthScreens.tsx).
  growth: lazyScreen(() => import('./GrowthScreens')),
  wallet: lazyScreen(() => import('../features/wallet/screens/WalletScreen')),
  recharge: lazyScreen(() => import('../features/wallet/screens/RechargeScreen')),
  rechargeDetail: lazyScreen(() => import('../features/wallet/screens/RechargeDetailScreen')),
  rechargeRecord: lazyScreen(() => import('../features/wallet/screens/RechargeRecordScreen')),
  linePay: lazyScreen(() => import('../features/wallet/screens/LinePayScreen')),
  withdraw: lazyScreen(() => import('../features/wallet/screens/WithdrawScreen')),
  withdrawRecord: lazyScreen(() => import('../features/wallet/screens/WithdrawRecordScreen')),
  exchange: lazyScreen(() => import('../features/wallet/screens/ExchangeScreen')),
  changePassword: lazyScreen(() => import('../features/wallet/screens/ChangePasswordScreen')),
  statement: lazyScreen(() => import('../features/wallet/screens/StatementScreen')),
  exchangeRecord: lazyScreen(() => import('../features/wallet/screens/ExchangeRecordScreen')),
  bankCards: lazyScreen(() => import('../features/wallet/screens/BankCardListScreen')),
  bindBankCard: lazyScreen(() => import('../features/wallet/screens/BindBankCardScreen')),
  addresses: lazyScreen(() => import('../features/wallet/screens/AddressListScreen')),
  bindAddress: lazyScreen(() => import('../features/wallet/screens/BindAddressScreen')),
  me: lazyScreen(() => import('../features/me/screens/MeScreen')),
  userInfo: lazyScreen(() => import('../features/me/screens/UserInfoScreen')),
  richText: lazyScreen(() => import('../features/content/screens/RichTextScreen')),
  privacy: lazyScreen(() => import('../features/content/screens/PrivacyScreen')),
  login: lazyScreen(() => import('../features/auth/screens/LoginScreen')),
  register: lazyScreen(() => import('../features/auth/screens/RegisterScreen')),
  language: lazyScreen(() => import('../features/language/screens/LanguageScreen')),
  line: lazyScreen(() => import('../features/language/screens/LineScreen')),
  networkError: lazyScreen(() => import('../features/network-error/screens/NetworkErrorScreen')),
  comingSoon: lazyScreen(() => import('../features/coming-soon/screens/ComingSoonScreen')),
} satisfies Record<string, LazyScreen>;

/** Routes that open on the launch page, which leads to home. */
const LAUNCH_PATHS: ReadonlySet<string> = new Set(['/', PATHS.launch]);

/**
 * Fetched while the launch page loads its data, so home appears without a loading state. Opened on
 * another route (a deep link, a reload), the launch page is not drawn, and fetching it would only
 * delay that screen's own code on a slow line.
 */
export function preloadFirstScreens(pathname: string): void {
  if (LAUNCH_PATHS.has(pathname)) {
    SCREENS.launch.preload();
    SCREENS.home.preload();
  }
  ROUTES.find((route) => route.path === pathname)?.prefetch?.(queryClient);
}

/** How long after start the other tabs are fetched: after home's own requests, not competing with them. */
export const TAB_PRELOAD_DELAY_MS = 1_500;

/**
 * The other tabs, and the pages a failure leads to, fetched once the app is up: switching tabs reads
 * its code from the cache, and the network-error and line pages can still be shown after the server has
 * gone away (their code would otherwise have to come from that server).
 */
export function preloadTabsAndFallbacks(): void {
  const files = tabFiles();
  // The other tabs as prefetched files (shared/lazy/prefetch-tab-files.ts); without the build's list
  // (vite dev), imported.
  const tabs = files
    ? [() => prefetchWhenIdle(files)]
    : [SCREENS.markets, SCREENS.trade, SCREENS.wallet, SCREENS.me].map((screen) => () => screen.preload());
  stepByStepWhenIdle([
    // Pull to refresh's gesture (react-spring, use-gesture): screens draw without it until it is in.
    () => void preloadPullToRefresh().catch(() => undefined),
    () => void import('../shared/i18n/errors-english'),
    () => void loadToast(),
    // Imported, not only fetched: they must show after the server has gone away.
    ...[SCREENS.networkError, SCREENS.line].map((screen) => () => screen.preload()),
    ...tabs,
  ]);
}

export const ROUTES: readonly ScreenRoute[] = [
  // Launch (custom navigation)
  { path: '/', screen: SCREENS.launch },
  { path: PATHS.launch, screen: SCREENS.launch },

  // Tab bar
  { path: PATHS.home, titleKey: 'tab.home', screen: SCREENS.home, tab: 'home', prefetch: prefetchHome },
  { path: PATHS.markets, titleKey: 'tab.markets', screen: SCREENS.markets, tab: 'markets' },
  { path: PATHS.trade, titleKey: 'tab.trade', screen: SCREENS.trade, tab: 'trade', prefetch: prefetchTrade },
  { path: PATHS.wallet, titleKey: 'tab.wallet', screen: SCREENS.wallet, tab: 'wallet' },
  { path: PATHS.me, titleKey: 'tab.me', screen: SCREENS.me, tab: 'me' },

  // Alternative home and profile layouts: the home and me screens compose the layout the route names
  // (names: the contract's layouts.ts; routes: shared/layouts/layout-routes.ts); the tab bar opens the one the operator chose.
  ...HOME_LAYOUT_NAMES.filter((name) => name !== DEFAULT_HOME_LAYOUT).map((name): ScreenRoute => ({
    path: homeLayoutPath(name),
    titleKey: 'tab.home',
    screen: SCREENS.home,
    tab: 'home',
    prefetch: prefetchHome,
  })),
  ...ME_LAYOUT_NAMES.filter((name) => name !== DEFAULT_ME_LAYOUT).map((name): ScreenRoute => ({
    path: meLayoutPath(name),
    titleKey: 'tab.me',
    screen: SCREENS.me,
    tab: 'me',
  })),

  // Quotes and trading
  { path: '/pages/tabs/quotes/quoteSearch', titleKey: 'common.search', screen: SCREENS.quoteSearch },
  { path: '/pages/tabs/favorite/favorite', titleKey: 'market.watchlist', screen: SCREENS.favorite },
  { path: '/pages/quoteDetail/bibi', titleKey: 'page.bibi', screen: SCREENS.bibi },
  { path: '/pages/quoteDetail/klinePage', titleKey: 'page.kline', screen: SCREENS.kline },

  // Login and register (custom navigation)
  { path: PATHS.login, titleKey: 'auth.login', screen: SCREENS.login },
  { path: PATHS.register, titleKey: 'auth.register', screen: SCREENS.register },

  // User area
  { path: '/pages/user/userInfo', titleKey: 'me.profile', screen: SCREENS.userInfo },
  { path: '/pages/user/change', titleKey: 'auth.change_password', screen: SCREENS.changePassword },
  { path: '/pages/user/exchange', titleKey: 'page.exchange', screen: SCREENS.exchange },
  { path: '/pages/user/recharge', titleKey: 'home.quick_deposit', screen: SCREENS.recharge },
  { path: '/pages/user/recharge-detail', titleKey: 'page.details', screen: SCREENS.rechargeDetail },
  { path: '/pages/user/rechargeRecord', titleKey: 'page.recharge_record', screen: SCREENS.rechargeRecord },
  { path: '/pages/user/linePay', titleKey: 'page.line_pay', screen: SCREENS.linePay },
  { path: '/pages/user/withdrawl', titleKey: 'home.quick_withdraw', screen: SCREENS.withdraw },
  { path: '/pages/user/withdrawRecord', titleKey: 'page.withdraw_record', screen: SCREENS.withdrawRecord },
  { path: '/pages/user/authentication', titleKey: 'me.verify_identity', screen: SCREENS.growth },
  { path: '/pages/user/authentication1', titleKey: 'page.identity_advanced', screen: SCREENS.growth },
  { path: '/pages/user/privacy', titleKey: 'me.privacy', screen: SCREENS.privacy },
  { path: '/pages/user/welfare', titleKey: 'page.welfare', screen: SCREENS.growth },
  { path: '/pages/user/award', titleKey: 'page.award', screen: SCREENS.growth },
  { path: '/pages/user/iwannashare', titleKey: 'page.share', screen: SCREENS.growth },
  // Account self-service (ours): the security centre (email, phone, sessions, security log by ?view=) and the reset.
  { path: '/pages/user/security', titleKey: 'me.security', screen: SCREENS.service },
  { path: '/pages/user/forgetPwd', titleKey: 'auth.forgot_password', screen: SCREENS.service },

  // Records
  { path: '/pages/record/accountRecord', titleKey: 'me.records', screen: SCREENS.statement },
  { path: '/pages/record/changeRecord', titleKey: 'page.exchange_record', screen: SCREENS.exchangeRecord },

  // Loans
  { path: '/pages/loan/loan', titleKey: 'me.loans', screen: SCREENS.invest },
  { path: '/pages/loan/buy', titleKey: 'page.loan_apply', screen: SCREENS.invest },
  { path: '/pages/loan/rePay', titleKey: 'page.loan_repay', screen: SCREENS.invest },
  { path: '/pages/loan/detail', titleKey: 'page.details', screen: SCREENS.invest },

  // Positions
  { path: '/pages/position/contractPosition', titleKey: 'me.positions', screen: SCREENS.contractPosition },
  { path: '/pages/position/bibiOrder', titleKey: 'page.bibi_orders', screen: SCREENS.bibi },

  // New shares
  { path: '/pages/newShares/newShares', titleKey: 'me.new_shares', screen: SCREENS.invest },
  { path: '/pages/newShares/detail', titleKey: 'page.details', screen: SCREENS.invest },
  { path: '/pages/newShares/his', titleKey: 'page.new_share_history', screen: SCREENS.invest },

  // Locked mining
  { path: '/pages/lockMining/lockMining', titleKey: 'me.lock_mining', screen: SCREENS.invest },
  { path: '/pages/lockMining/lockMiningProductList', titleKey: 'page.lock_mining_products', screen: SCREENS.invest },
  { path: '/pages/lockMining/orders', titleKey: 'page.lock_mining_orders', screen: SCREENS.invest },
  { path: '/pages/lockMining/detail', titleKey: 'page.details', screen: SCREENS.invest },

  // Bank cards and wallets
  { path: '/pages/bankCard/bankCard-list', titleKey: 'me.bank_cards', screen: SCREENS.bankCards },
  { path: '/pages/bankCard/bindBankCard', titleKey: 'page.bind_bank_card', screen: SCREENS.bindBankCard },
  { path: '/pages/wallets/wallets', titleKey: 'me.wallets', screen: SCREENS.addresses },
  { path: '/pages/wallets/bindAddress', titleKey: 'page.bind_address', screen: SCREENS.bindAddress },

  // Messages
  { path: '/pages/msg/msg-list', titleKey: 'me.messages', screen: SCREENS.service },
  { path: '/pages/msg/msg-detail', titleKey: 'page.details', screen: SCREENS.service },
  { path: '/pages/notifyList/notifyList', titleKey: 'page.notifications', screen: SCREENS.service },

  // Team and follow-order
  { path: '/pages/team/team', titleKey: 'me.team', screen: SCREENS.growth },
  { path: '/pages/followOrder/followOrder', titleKey: 'me.copy_trading', screen: SCREENS.growth },

  // Language and line
  { path: PATHS.language, titleKey: 'me.language', screen: SCREENS.language },
  { path: PATHS.line, titleKey: 'me.line', screen: SCREENS.line },

  // Help
  { path: '/pages/QA/QA', titleKey: 'me.help', screen: SCREENS.service },
  { path: '/pages/service/service', titleKey: 'me.service', screen: SCREENS.service },
  { path: '/pages/richText', titleKey: 'page.details', screen: SCREENS.richText },

  // Network error (custom navigation)
  { path: PATHS.networkError, titleKey: 'neterr.title', screen: SCREENS.networkError },

  // Component pages
  { path: '/components/m-news/m-news', titleKey: 'page.news', screen: SCREENS.service },
  { path: '/components/m-zichan/m-zichan', titleKey: 'page.assets', screen: SCREENS.service },
  { path: '/components/m-quolist/m-quolist', titleKey: 'tab.markets', screen: SCREENS.service },
];
