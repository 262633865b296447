// The operator API of the platform settings (issue 16): products, trade and fee settings, switches,
// otherValue, page configs, home banners, language packs, deposit and withdrawal channels. Served by
// apps/server/src/features/platform-settings. Exported as `operatorSettings`.
//
// Every save is validated before anything is written (a refusal changes nothing), writes exactly one
// audit row with the row before and after, and shows to customers at once: the customer calls read
// the same rows on every request (the language packs, kept in memory, are reloaded by the save).
//
// Deliberately absent: any field that sets a price, a fill, a spread on a customer's fill, a fast-trade
// outcome or a balance. `no-price-control.api.test.ts` walks every operator call in /api/docs and fails
// on a body field whose name could.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { LANGUAGE_CODES, type LanguageCode } from '../languages';
import { LAYOUT_PATHS } from '../layouts';
import { defineEndpoint, pageQuery } from '../endpoint';
import { auditReason as reason, decimalString, flag, recordId } from './shapes';
import { operatorSaveEndpoint } from './operator-save';
import { orderBounds } from './contracts';
import { channelIdentity, pageConfigEntry, switchSetting } from './launch';

const sortOrder = z.coerce.number().int().min(0).max(100_000);
const languageCode = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);
/** A configured decimal on the wire: plain digits, at most 18 before and 18 after the point (bounds per field on the server). */
const configDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,18})?$/);

// ---- Products: visibility, order, lock, home recommendation, trade settings ----

/** The customer app's routes (SPEC §2) that a page config entry or a banner may lead to. */
export const APP_ROUTES = [
  '/pages/tabs/home/home-d',
  '/pages/tabs/quotes/quotes',
  '/pages/quoteDetail/quoteDetail',
  '/pages/user/accountDetail',
  '/pages/tabs/me/me-d',
  '/pages/tabs/quotes/quoteSearch',
  '/pages/tabs/favorite/favorite',
  '/pages/quoteDetail/bibi',
  '/pages/quoteDetail/klinePage',
  '/pages/user/login',
  '/pages/user/register',
  '/pages/user/userInfo',
  '/pages/user/change',
  '/pages/user/exchange',
  '/pages/user/recharge',
  '/pages/user/rechargeRecord',
  '/pages/user/linePay',
  '/pages/user/withdrawl',
  '/pages/user/withdrawRecord',
  '/pages/user/authentication',
  '/pages/user/authentication1',
  '/pages/user/privacy',
  '/pages/user/welfare',
  '/pages/user/award',
  '/pages/user/iwannashare',
  '/pages/user/security',
  '/pages/record/accountRecord',
  '/pages/record/changeRecord',
  '/pages/loan/loan',
  '/pages/position/contractPosition',
  '/pages/position/bibiOrder',
  '/pages/newShares/newShares',
  '/pages/newShares/his',
  '/pages/lockMining/lockMining',
  '/pages/lockMining/lockMiningProductList',
  '/pages/lockMining/orders',
  '/pages/bankCard/bankCard-list',
  '/pages/wallets/wallets',
  '/pages/msg/msg-list',
  '/pages/notifyList/notifyList',
  '/pages/team/team',
  '/pages/followOrder/followOrder',
  '/pages/language/language',
  '/pages/language/line',
  '/pages/QA/QA',
  '/pages/service/service',
] as const;

/** The page layouts a config entry belongs to (SPEC §2: the home and profile layouts). */
export const PAGE_LAYOUTS: readonly string[] = LAYOUT_PATHS;

export const tradingWindow = z.object({
  weekday: z.coerce.number().int().min(0).max(6),
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  to: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/),
});

export const operatorTradeSetting = z.object({
  leverList: z.string(),
  ...orderBounds.shape,
  /** Empty: the product follows its market session only. UTC. */
  tradingWindows: z.array(tradingWindow),
  liquidationMethod: z.number().int(),
  liquidationRatio: decimalString,
});

export const operatorProduct = z.object({
  id: z.number().int(),
  productCode: z.string(),
  productType: z.number().int(),
  name: z.string(),
  positionTypes: z.string(),
  priceScale: z.number().int(),
  quantityScale: z.number().int(),
  isVisible: flag,
  sort: z.number().int(),
  /** 1: listed but not tradable. */
  isLock: flag,
  /** 1: on the home screen's recommended list, at `recommendSort`. */
  recommended: flag,
  recommendSort: z.number().int().nullable(),
  tradeSetting: operatorTradeSetting.nullable(),
});
export type OperatorProduct = z.infer<typeof operatorProduct>;

export const operatorProducts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/products',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary: 'Every product, hidden ones too, with its order, lock, home recommendation and trade settings (admin)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({
    productType: z.coerce.number().int().min(1).max(4).optional(),
    keyWords: z.string().trim().max(40).optional(),
  }),
  answer: { kind: 'rows', schema: operatorProduct },
});

export const operatorProductSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/products/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Set a product’s visibility, display order, lock (not tradable) and home recommendation; audited with the row before and after (admin)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    id: recordId,
    isVisible: flag,
    sort: sortOrder,
    isLock: flag,
    recommended: flag,
    recommendSort: sortOrder.default(0),
    reason,
  }),
  answer: { kind: 'data', schema: operatorProduct },
});

export const operatorTradeSettingSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/products/tradeSettings/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Save a product’s trade settings: leverage choices, quantity and margin bounds, balance share, minimum holding time, UTC trading windows, liquidation method and ratio; open positions keep the terms they opened with (admin)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    productCode: z.string().trim().min(1).max(32),
    /** "/"-separated whole leverages, 1 to 1000, e.g. "1/2/5/10". */
    leverList: z.string().trim().min(1).max(300),
    minQuantity: configDecimal,
    maxQuantity: configDecimal,
    minMargin: configDecimal,
    maxMargin: configDecimal,
    /** The fraction of the available balance one order may use, above 0 and at most 1. */
    maxBalanceShare: configDecimal,
    minHoldSeconds: z.coerce.number().int().min(0).max(86_400),
    tradingWindows: z.array(tradingWindow).max(64).default([]),
    liquidationMethod: z.coerce.number().int().min(1).max(3),
    /** The share of the margin a loss may reach before liquidation, 0.1 to 1. */
    liquidationRatio: configDecimal,
    reason,
  }),
  answer: { kind: 'data', schema: operatorProduct },
});

// ---- Order fee settings ----

export const operatorFeeSetting = z.object({
  id: z.number().int(),
  remark: z.string(),
  /** A fraction: 0.001 is 0.1 %. */
  feeRate: z.string(),
  /** What the remark classifies to (SPEC §3); null when it does not classify, so the row configures nothing. */
  productType: z.number().int().nullable(),
  positionType: z.number().int().nullable(),
  exchangeType: z.number().int().nullable(),
});

export const operatorFeeSettings = defineEndpoint({
  method: 'GET',
  path: '/api/operator/feeSettings',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary: 'The order fee settings with what each remark classifies to (admin)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'rows', schema: operatorFeeSetting },
});

/** The largest fee rate an operator may set: 10 % of the amount traded. */
export const FEE_RATE_MAX = '0.1';
/** Fee rates carry at most this many decimals (0.00000001 = 1e-8). */
export const FEE_RATE_DECIMALS_MAX = 8;

export const operatorFeeSettingSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/feeSettings/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Set one order fee rate (a fraction from 0 to 0.1, at most 8 decimals); trades from then on pay it, placed ones keep theirs (admin)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({ id: recordId, feeRate: configDecimal, reason }),
  answer: { kind: 'data', schema: operatorFeeSetting },
});

// ---- Switches and otherValue ----

/** A switch as operators see it: the same record customers read (`switchSet/list`). */
export const operatorSwitch = switchSetting;

export const operatorSwitches = defineEndpoint({
  method: 'GET',
  path: '/api/operator/switches',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary: 'Every operator switch (SPEC §6) with its status (admin)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'rows', schema: operatorSwitch },
});

export const operatorSwitchSet = defineEndpoint({
  method: 'POST',
  path: '/api/operator/switches/set',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary: 'Turn one switch on (1) or off (0); customers see it on their next request (admin)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({ switchKey: z.string().trim().min(1).max(64), status: flag, reason }),
  answer: { kind: 'data', schema: operatorSwitch },
});

/** What an otherValue holds, so a form can offer the right input. */
export const OTHER_VALUE_KINDS = ['flag', 'count', 'currency', 'decimal', 'text'] as const;

export const operatorOtherValue = z.object({
  key: z.string(),
  value: z.string(),
  kind: z.enum(OTHER_VALUE_KINDS),
  /** The bounds of a count ("0-8"), '' otherwise. */
  range: z.string(),
});

export const operatorOtherValues = defineEndpoint({
  method: 'GET',
  path: '/api/operator/otherValues',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary: 'The otherValue settings (SPEC §3) with the kind of value each holds (admin)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'rows', schema: operatorOtherValue },
});

export const operatorOtherValueSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/otherValues/save',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Save one existing otherValue, checked against what it holds: a 0/1 flag, a count in its range, a platform currency id, a decimal (admin)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({ key: z.string().trim().min(1).max(64), value: z.string().trim().max(200), reason }),
  answer: { kind: 'data', schema: operatorOtherValue },
});

// ---- Page configs ----

export const operatorPageConfig = pageConfigEntry.extend({
  titleKey: z.string(),
  icon: z.string(),
  target: z.string(),
});

export const operatorPageConfigs = defineEndpoint({
  method: 'GET',
  path: '/api/operator/pageConfigs',
  staffRoles: STAFF_ROLE_SETS.content,
  summary: 'The page config entries, of one layout or all (admin, content)',
  tag: 'operator',
  auth: 'user',
  query: z.object({ pagePath: z.string().trim().max(120).optional() }),
  answer: { kind: 'rows', schema: operatorPageConfig },
});

export const operatorPageConfigSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/pageConfigs/save',
  staffRoles: STAFF_ROLE_SETS.content,
  summary:
    'Save one entry: the layout it sits on (PAGE_LAYOUTS), the page it opens (APP_ROUTES), the switch that hides it, visibility and order (admin, content)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    id: recordId,
    pagePath: z.string().trim().min(1).max(120),
    target: z.string().trim().min(1).max(120),
    desc: z.string().trim().min(1).max(64),
    isVisible: flag,
    sort: sortOrder,
    reason,
  }),
  answer: { kind: 'data', schema: operatorPageConfig },
});

// ---- Home banners ----

export const banner = z.object({
  id: z.number().int(),
  language: z.string(),
  title: z.string(),
  /** `/uploads/<key>` (an operator upload) or an https address. */
  imageUrl: z.string(),
  /** An app route, an https address, or ''. */
  link: z.string(),
  isVisible: flag,
  sort: z.number().int(),
});
export type Banner = z.infer<typeof banner>;

export const operatorBanners = defineEndpoint({
  method: 'GET',
  path: '/api/operator/banners',
  staffRoles: STAFF_ROLE_SETS.content,
  summary: 'The home banners of one language or all, hidden ones too (admin, content)',
  tag: 'operator',
  auth: 'user',
  query: z.object({ language: languageCode.optional() }),
  answer: { kind: 'rows', schema: banner },
});

export const operatorBannerSave = operatorSaveEndpoint({
  path: '/api/operator/banners/save',
  staffRoles: STAFF_ROLE_SETS.content,
  summary:
    'Create a home banner (no id) or edit one (id): language, title, image (an upload or https), link, visibility and order (admin, content)',
  fields: {
    language: languageCode,
    title: z.string().trim().max(120).default(''),
    imageUrl: z.string().trim().min(1).max(500),
    link: z.string().trim().max(500).default(''),
    isVisible: flag,
    sort: sortOrder,
  },
  saved: banner,
});

export const operatorBannerUpload = defineEndpoint({
  method: 'POST',
  path: '/api/operator/banners/upload',
  staffRoles: STAFF_ROLE_SETS.content,
  summary:
    'Store a banner image (a data URL: PNG, JPEG or WebP within the upload bounds); answers the `/uploads/<key>` a banner names (admin, content)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({ file: z.string().min(1) }),
  answer: { kind: 'data', schema: z.object({ url: z.string(), key: z.string() }) },
});

// ---- Language packs ----

export const operatorLanguageText = z.object({
  language: z.string(),
  key: z.string(),
  text: z.string(),
  /** The English text of the key, for reference. */
  english: z.string(),
});

export const operatorLanguageTexts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/languageTexts',
  staffRoles: STAFF_ROLE_SETS.content,
  summary: 'One language pack, by key, searchable by key or text (admin, content)',
  tag: 'operator',
  auth: 'user',
  query: pageQuery.extend({ language: languageCode, keyWords: z.string().trim().max(100).optional() }),
  answer: { kind: 'rows', schema: operatorLanguageText },
});

/** The most characters one language text may hold. */
export const LANGUAGE_TEXT_MAX = 2000;

export const operatorLanguageTextSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/languageTexts/save',
  staffRoles: STAFF_ROLE_SETS.content,
  summary:
    'Save one text of one language pack; the key must exist in English and the text must keep its {{placeholders}}; customers get it on their next pack load (admin, content)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    language: languageCode,
    /** At most 60 characters: the audit row names the text as `<language>:<key>`. */
    key: z.string().trim().min(1).max(60),
    text: z.string().trim().min(1).max(LANGUAGE_TEXT_MAX),
    reason,
  }),
  answer: { kind: 'data', schema: operatorLanguageText },
});

// ---- Deposit and withdrawal channels ----

/** The networks a deposit channel's payee address is checked against; '' for bank and demo channels. */
export const PAYEE_NETWORKS = ['TRC20', 'ERC20', 'BTC', ''] as const;

export const operatorRechargeChannel = channelIdentity.extend({
  currencyName: z.string(),
  network: z.string(),
  /** The address (crypto) or the account details (bank) customers pay to. */
  payeeAddress: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  instructions: z.string(),
  demoOnly: flag,
  isVisible: flag,
  sort: z.number().int(),
});

export const operatorRechargeChannels = defineEndpoint({
  method: 'GET',
  path: '/api/operator/rechargeChannels',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Every deposit channel, hidden ones too, with the payee address it publishes (admin, finance)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'rows', schema: operatorRechargeChannel },
});

export const operatorRechargeChannelSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/rechargeChannels/save',
  staffRoles: STAFF_ROLE_SETS.money,
  summary:
    'Save a deposit channel: network and payee address (checked per network: TRC20, ERC20, BTC; bank details as plain text), amount bounds at the currency’s scale, instructions, visibility, order (admin, finance)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    id: recordId,
    network: z.enum(PAYEE_NETWORKS),
    payeeAddress: z.string().trim().max(500),
    minAmount: configDecimal,
    maxAmount: configDecimal,
    instructions: z.string().trim().max(1000),
    isVisible: flag,
    sort: sortOrder,
    reason,
  }),
  answer: { kind: 'data', schema: operatorRechargeChannel },
});

export const operatorWithdrawChannel = channelIdentity.extend({
  currencyName: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  feeRate: z.string(),
  feeFixed: z.string(),
  dailyCount: z.number().int(),
  /** "HH:MM-HH:MM" UTC; "00:00-24:00" is always open. */
  openHours: z.string(),
  isVisible: flag,
  sort: z.number().int(),
});

export const operatorWithdrawChannels = defineEndpoint({
  method: 'GET',
  path: '/api/operator/withdrawChannels',
  staffRoles: STAFF_ROLE_SETS.money,
  summary: 'Every withdrawal channel, hidden ones too (admin, finance)',
  tag: 'operator',
  auth: 'user',
  answer: { kind: 'rows', schema: operatorWithdrawChannel },
});

export const operatorWithdrawChannelSave = defineEndpoint({
  method: 'POST',
  path: '/api/operator/withdrawChannels/save',
  staffRoles: STAFF_ROLE_SETS.money,
  summary:
    'Save a withdrawal channel: amount bounds and fixed fee at the currency’s scale, fee rate (0 to 0.1), daily count, opening hours, visibility, order (admin, finance)',
  tag: 'operator',
  auth: 'user',
  bodyEncoding: 'json',
  body: z.object({
    id: recordId,
    minAmount: configDecimal,
    maxAmount: configDecimal,
    feeRate: configDecimal,
    feeFixed: configDecimal,
    dailyCount: z.coerce.number().int().min(1).max(1000),
    openHours: z.string().trim().min(1).max(20),
    isVisible: flag,
    sort: sortOrder,
    reason,
  }),
  answer: { kind: 'data', schema: operatorWithdrawChannel },
});
