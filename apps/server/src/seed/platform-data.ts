import { DEFAULT_HOME_LAYOUT, DEFAULT_ME_LAYOUT, HOME_LAYOUT_SETTING, ME_LAYOUT_SETTING } from '@kestrel/contract';
import { feeRemark, PRODUCT_TYPES, POSITION_TYPES, EXCHANGE_TYPES, type PositionType } from '@kestrel/domain';
import { POP_UP_SEED_KEYS, POP_UP_TEXTS, TIP_SEED_KEYS, TIP_TEXTS } from './platform-texts';

/**
 * The platform configuration a fresh install starts with. Operators change it later through the
 * console; these rows only make a first start realistic. Rates are fractions (0.001 = 0.1 %).
 */

export const PLATFORM_CURRENCIES = [
  { id: 1, currency_name: 'USD', currency_type: 0, wallet_address_type: '', scale: 2, sort: 3 },
  { id: 2, currency_name: 'EUR', currency_type: 0, wallet_address_type: '', scale: 2, sort: 4 },
  { id: 3, currency_name: 'USDT', currency_type: 1, wallet_address_type: 'ERC20/TRC20', scale: 8, sort: 1 },
  { id: 4, currency_name: 'BTC', currency_type: 1, wallet_address_type: 'BTC', scale: 8, sort: 2 },
  { id: 5, currency_name: 'ETH', currency_type: 1, wallet_address_type: 'ERC20', scale: 8, sort: 5 },
] as const;

/** Conversion rates, each with the reverse published separately so the spread is explicit. */
export const EXCHANGE_RATES = [
  { from: 1, to: 3, rate: '0.9990', fee: '0.001', min: '10', max: '100000', daily: 10 },
  { from: 3, to: 1, rate: '0.9990', fee: '0.001', min: '10', max: '100000', daily: 10 },
  { from: 2, to: 3, rate: '1.0820', fee: '0.001', min: '10', max: '100000', daily: 10 },
  { from: 3, to: 2, rate: '0.9230', fee: '0.001', min: '10', max: '100000', daily: 10 },
  { from: 4, to: 3, rate: '95000', fee: '0.002', min: '0.0001', max: '10', daily: 10 },
  { from: 3, to: 4, rate: '0.0000105', fee: '0.002', min: '10', max: '1000000', daily: 10 },
  { from: 5, to: 3, rate: '3400', fee: '0.002', min: '0.001', max: '200', daily: 10 },
  { from: 3, to: 5, rate: '0.000294', fee: '0.002', min: '10', max: '1000000', daily: 10 },
] as const;

/** Fee per position type; every product type x side gets a row, so no trade ever meets a missing fee. */
const FEE_RATE_BY_POSITION: Record<PositionType, string> = { 0: '0.002', 1: '0.0005', 2: '0.001', 3: '0.001' };

export const ORDER_FEE_SETTINGS = PRODUCT_TYPES.flatMap((productType) =>
  POSITION_TYPES.flatMap((positionType) =>
    EXCHANGE_TYPES.map((exchangeType) => ({
      remark: feeRemark(productType, positionType, exchangeType),
      fee_rate: FEE_RATE_BY_POSITION[positionType],
    })),
  ),
);

/** SPEC §3 otherValue defaults. */
export const OTHER_VALUES: Record<string, string> = {
  default_trade_currency_id: '3',
  default_transId: '5',
  app_decimal_no: '2',
  scoreTips: '1',
  showMsgTime: '1',
  app_adress_num: '1',
  app_order_time: '1',
  app_fast_fee: '1',
  app_order_change: '1',
  app_logo_type: '1',
  app_fastFree: '1',
  app_withdrawAll: '1',
  app_showFreeze: '1',
  /** Issue 14: a single withdrawal worth more USDT than this needs basic identity verification (switch auth_withdraw). */
  auth_withdraw_limit: '1000',
  /** Issue 17: the layout the app's Home and Me tabs open (the contract's layouts.ts lists the choices). */
  [HOME_LAYOUT_SETTING]: DEFAULT_HOME_LAYOUT,
  [ME_LAYOUT_SETTING]: DEFAULT_ME_LAYOUT,
};

/**
 * Switches: names in Chinese as the original had them, our key beside. Status 1 means on. The
 * "hide" switches hide page entries whose screens are not built yet (SPEC §4 page configuration).
 */
export const SWITCHES = [
  {
    switch_name: '不使用千分位格式',
    switch_key: 'amount_thousands_disabled',
    status: 0,
    remark: 'Show amounts without thousands separators',
  },
  {
    switch_name: '银行卡号明文显示',
    switch_key: 'bank_card_unmasked',
    status: 0,
    remark: 'Show bank card numbers unmasked',
  },
  {
    switch_name: '钱包地址不脱敏',
    switch_key: 'wallet_address_unmasked',
    status: 0,
    remark: 'Show wallet addresses unmasked',
  },
  {
    switch_name: '邀请码必填',
    switch_key: 'invite_code_required',
    status: 0,
    remark: 'Registration requires an invite code',
  },
  {
    switch_name: '隐藏邀请码',
    switch_key: 'invite_code_hidden',
    status: 0,
    remark: 'Hide the invite code field at registration',
  },
  {
    switch_name: '红涨绿跌',
    switch_key: 'red_up',
    status: 0,
    remark: 'Rises in red and falls in green (default: green up)',
  },
  {
    switch_name: '隐藏钱包功能',
    switch_key: 'hide_wallet_actions',
    status: 0,
    remark: 'Hide deposit, withdrawal, exchange, cards and addresses',
  },
  { switch_name: '隐藏贷款', switch_key: 'hide_loans', status: 1, remark: 'Hide loans' },
  { switch_name: '隐藏新股申购', switch_key: 'hide_new_shares', status: 1, remark: 'Hide new share subscriptions' },
  { switch_name: '隐藏锁仓挖矿', switch_key: 'hide_lock_mining', status: 1, remark: 'Hide locked products' },
  { switch_name: '隐藏团队', switch_key: 'hide_team', status: 0, remark: 'Hide the team area' },
  { switch_name: '隐藏跟单', switch_key: 'hide_copy_trading', status: 0, remark: 'Hide copy trading' },
  { switch_name: '隐藏福利', switch_key: 'hide_rewards', status: 0, remark: 'Hide reward tasks and the award list' },
  { switch_name: '隐藏实名认证', switch_key: 'hide_identity', status: 0, remark: 'Hide identity verification' },
  // Identity gates (contract identity.IDENTITY_GATES): on, the action needs the verified level.
  {
    switch_name: '提现需实名',
    switch_key: 'auth_withdraw',
    status: 1,
    remark: 'Withdrawals above auth_withdraw_limit (USDT) need basic identity verification',
  },
  {
    switch_name: '合约需实名',
    switch_key: 'auth_contract',
    status: 0,
    remark: 'Contract trading needs basic identity verification',
  },
  {
    switch_name: '贷款需高级认证',
    switch_key: 'auth_loan',
    status: 1,
    remark: 'Loans need advanced identity verification',
  },
  { switch_name: '隐藏消息', switch_key: 'hide_messages', status: 1, remark: 'Hide messages' },
  { switch_name: '隐藏客服', switch_key: 'hide_service', status: 1, remark: 'Hide customer service and Q&A' },
  // Off: the positions screen is built (issue 17), so its entry shows; an operator may still hide it.
  { switch_name: '隐藏持仓', switch_key: 'hide_positions', status: 0, remark: 'Hide positions and orders' },
  {
    switch_name: '显示',
    switch_key: 'always_shown',
    status: 0,
    remark: 'Entries that are always shown name this switch',
  },
] as const;

const switchName = (key: (typeof SWITCHES)[number]['switch_key']) =>
  SWITCHES.find((row) => row.switch_key === key)!.switch_name;

const ME_PAGE = '/pages/tabs/me/me-d';
const HOME_PAGE = '/pages/tabs/home/home-d';

/** Page option entries: module groups them on the page, desc names the switch that can hide them. */
export const APP_PAGE_CONFIGS = [
  {
    page_path: HOME_PAGE,
    module: 'quick',
    key: 'always_shown',
    title_key: 'home.quick_markets',
    icon: 'markets',
    target: '/pages/tabs/quotes/quotes',
  },
  {
    page_path: HOME_PAGE,
    module: 'quick',
    key: 'hide_wallet_actions',
    title_key: 'home.quick_deposit',
    icon: 'deposit',
    target: '/pages/user/recharge',
  },
  {
    page_path: HOME_PAGE,
    module: 'quick',
    key: 'hide_wallet_actions',
    title_key: 'home.quick_withdraw',
    icon: 'withdraw',
    target: '/pages/user/withdrawl',
  },
  {
    page_path: HOME_PAGE,
    module: 'quick',
    key: 'always_shown',
    title_key: 'market.watchlist',
    icon: 'favorite',
    target: '/pages/tabs/favorite/favorite',
  },
  {
    page_path: HOME_PAGE,
    module: 'quick',
    key: 'hide_service',
    title_key: 'home.quick_service',
    icon: 'service',
    target: '/pages/service/service',
  },
  {
    page_path: ME_PAGE,
    module: 'account',
    key: 'always_shown',
    title_key: 'me.profile',
    icon: 'user',
    target: '/pages/user/userInfo',
  },
  {
    page_path: ME_PAGE,
    module: 'account',
    key: 'hide_wallet_actions',
    title_key: 'auth.change_password',
    icon: 'lock',
    target: '/pages/user/change',
  },
  {
    page_path: ME_PAGE,
    module: 'account',
    key: 'hide_identity',
    title_key: 'me.verify_identity',
    icon: 'identity',
    target: '/pages/user/authentication',
  },
  {
    page_path: ME_PAGE,
    module: 'account',
    key: 'hide_wallet_actions',
    title_key: 'me.bank_cards',
    icon: 'card',
    target: '/pages/bankCard/bankCard-list',
  },
  {
    page_path: ME_PAGE,
    module: 'account',
    key: 'hide_wallet_actions',
    title_key: 'me.wallets',
    icon: 'wallet',
    target: '/pages/wallets/wallets',
  },
  {
    page_path: ME_PAGE,
    module: 'trading',
    key: 'hide_positions',
    title_key: 'me.positions',
    icon: 'positions',
    target: '/pages/position/contractPosition',
  },
  {
    page_path: ME_PAGE,
    module: 'trading',
    key: 'hide_wallet_actions',
    title_key: 'me.records',
    icon: 'records',
    target: '/pages/record/accountRecord',
  },
  {
    page_path: ME_PAGE,
    module: 'trading',
    key: 'hide_new_shares',
    title_key: 'me.new_shares',
    icon: 'shares',
    target: '/pages/newShares/newShares',
  },
  {
    page_path: ME_PAGE,
    module: 'trading',
    key: 'hide_lock_mining',
    title_key: 'me.lock_mining',
    icon: 'lock',
    target: '/pages/lockMining/lockMining',
  },
  {
    page_path: ME_PAGE,
    module: 'trading',
    key: 'hide_loans',
    title_key: 'me.loans',
    icon: 'loan',
    target: '/pages/loan/loan',
  },
  {
    page_path: ME_PAGE,
    module: 'trading',
    key: 'hide_copy_trading',
    title_key: 'me.copy_trading',
    icon: 'copy',
    target: '/pages/followOrder/followOrder',
  },
  {
    page_path: ME_PAGE,
    module: 'community',
    key: 'hide_team',
    title_key: 'me.team',
    icon: 'team',
    target: '/pages/team/team',
  },
  {
    page_path: ME_PAGE,
    module: 'community',
    key: 'hide_team',
    title_key: 'page.share',
    icon: 'share',
    target: '/pages/user/iwannashare',
  },
  {
    page_path: ME_PAGE,
    module: 'community',
    key: 'hide_rewards',
    title_key: 'page.welfare',
    icon: 'gift',
    target: '/pages/user/welfare',
  },
  {
    page_path: ME_PAGE,
    module: 'community',
    key: 'hide_messages',
    title_key: 'me.messages',
    icon: 'message',
    target: '/pages/msg/msg-list',
  },
  {
    page_path: ME_PAGE,
    module: 'settings',
    key: 'always_shown',
    title_key: 'me.language',
    icon: 'language',
    target: '/pages/language/language',
  },
  {
    page_path: ME_PAGE,
    module: 'settings',
    key: 'always_shown',
    title_key: 'me.line',
    icon: 'line',
    target: '/pages/language/line',
  },
  {
    page_path: ME_PAGE,
    module: 'settings',
    key: 'hide_service',
    title_key: 'me.service',
    icon: 'service',
    target: '/pages/service/service',
  },
  {
    page_path: ME_PAGE,
    module: 'settings',
    key: 'always_shown',
    title_key: 'me.privacy',
    icon: 'privacy',
    target: '/pages/user/privacy',
  },
].map((entry, index) => ({
  page_path: entry.page_path,
  module: entry.module,
  description: switchName(entry.key as (typeof SWITCHES)[number]['switch_key']),
  is_visible: 1,
  sort: index,
  title_key: entry.title_key,
  icon: entry.icon,
  target: entry.target,
}));

/**
 * The tips set: `risk_warning` and `simulated_market` are the home screen's risk ticker,
 * `register_tip` the registration form's hint. The texts, in all 19 languages, are in platform-texts.ts;
 * `seed_key` lets the start-up top-up find these rows again.
 */
export const TIPS_SETTINGS = TIP_SEED_KEYS.map((remark) => ({
  remark,
  seed_key: remark,
  content_visible_flag: 1,
  content_lang: TIP_TEXTS[remark],
}));

export const POP_UPS = POP_UP_SEED_KEYS.map((seedKey, sort) => ({
  seed_key: seedKey,
  title_lang: POP_UP_TEXTS[seedKey].title,
  content_lang: POP_UP_TEXTS[seedKey].content,
  image: '',
  link: '',
  is_visible: 1,
  sort,
}));

export const HOME_RECOMMENDATIONS = [
  'X:BTCUSD',
  'X:ETHUSD',
  'AAPL',
  'NVDA',
  'TSLA',
  'C:EURUSD',
  'ESZ6',
  'GCG7',
  'X:SOLUSD',
  'MSFT',
];

export const PHONE_AREA_CODES = [
  ['1', 'United States', 'US'],
  ['44', 'United Kingdom', 'GB'],
  ['86', 'China', 'CN'],
  ['852', 'Hong Kong', 'HK'],
  ['886', 'Taiwan', 'TW'],
  ['81', 'Japan', 'JP'],
  ['82', 'South Korea', 'KR'],
  ['65', 'Singapore', 'SG'],
  ['60', 'Malaysia', 'MY'],
  ['62', 'Indonesia', 'ID'],
  ['66', 'Thailand', 'TH'],
  ['84', 'Vietnam', 'VN'],
  ['91', 'India', 'IN'],
  ['7', 'Russia', 'RU'],
  ['375', 'Belarus', 'BY'],
  ['49', 'Germany', 'DE'],
  ['33', 'France', 'FR'],
  ['34', 'Spain', 'ES'],
  ['39', 'Italy', 'IT'],
  ['351', 'Portugal', 'PT'],
  ['55', 'Brazil', 'BR'],
  ['966', 'Saudi Arabia', 'SA'],
  ['971', 'United Arab Emirates', 'AE'],
  ['20', 'Egypt', 'EG'],
] as const;

export const BANK_PROPERTIES = [
  ['bankName', 'bank.name', 1],
  ['bankNo', 'bank.number', 1],
  ['holder', 'bank.holder', 1],
  ['bankOpenAddress', 'bank.branch', 0],
  ['bankPhone', 'bank.phone', 0],
  ['bankCountry', 'bank.country', 1],
  ['swift', 'bank.swift', 0],
  ['abaCode', 'bank.aba', 0],
  ['postCode', 'bank.post_code', 0],
  ['userRealAddress', 'bank.address', 0],
  ['accountType', 'bank.account_type', 0],
] as const;

export const RECHARGE_CHANNELS = [
  {
    channel_name: 'USDT (TRC20)',
    channel_type: 1,
    currency_id: 3,
    network: 'TRC20',
    min_amount: '10',
    max_amount: '500000',
    instructions:
      'Send USDT on the TRON network to the deposit address your operator publishes for this channel, then upload the transfer receipt. Nothing is credited until staff confirm the transfer.',
    demo_only: 0,
  },
  {
    channel_name: 'USDT (ERC20)',
    channel_type: 1,
    currency_id: 3,
    network: 'ERC20',
    min_amount: '50',
    max_amount: '500000',
    instructions:
      'Send USDT on Ethereum to the deposit address your operator publishes for this channel, then upload the transfer receipt. Nothing is credited until staff confirm the transfer.',
    demo_only: 0,
  },
  {
    channel_name: 'Bank transfer (USD)',
    channel_type: 0,
    currency_id: 1,
    network: '',
    min_amount: '100',
    max_amount: '1000000',
    instructions:
      'Wire the amount to the bank account your operator publishes, with your user ID as the reference, then upload the bank receipt. Nothing is credited until staff confirm the transfer.',
    demo_only: 0,
  },
  {
    channel_name: 'Demo instant',
    channel_type: 2,
    currency_id: 3,
    network: '',
    min_amount: '1',
    max_amount: '100000',
    instructions: 'Demo funds, credited at once. Available on demo accounts only; never real money.',
    demo_only: 1,
  },
];

export const WITHDRAW_CHANNELS = [
  {
    channel_name: 'USDT (TRC20)',
    channel_type: 1,
    currency_id: 3,
    min_amount: '20',
    max_amount: '100000',
    fee_rate: '0',
    fee_fixed: '1',
    daily_count: 3,
    open_hours: '00:00-24:00',
  },
  {
    channel_name: 'Bank wire (USD)',
    channel_type: 0,
    currency_id: 1,
    min_amount: '100',
    max_amount: '200000',
    fee_rate: '0.005',
    fee_fixed: '0',
    daily_count: 2,
    open_hours: '09:00-17:00',
  },
];
