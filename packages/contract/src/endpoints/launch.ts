import { z } from 'zod';
import { defineEndpoint, pageQuery } from '../endpoint';
import { decimalString, flag, product, translations } from './shapes';

export const getSiteInfo = defineEndpoint({
  method: 'GET',
  path: '/api/siteInfo/getSiteInfo',
  summary: 'Site name, logo, support contacts and whether market data is simulated',
  tag: 'launch',
  auth: 'public',
  answer: {
    kind: 'data',
    schema: z.object({
      siteName: z.string(),
      logo: z.string(),
      description: z.string(),
      supportEmail: z.string(),
      serviceUrl: z.string(),
      copyright: z.string(),
      simulatedMarket: z.boolean(),
      demoFundsLabel: z.string(),
    }),
  },
});

export const textLangList = defineEndpoint({
  method: 'GET',
  path: '/api/textLang/list',
  summary: 'Tips settings (page size 30 in the app)',
  tag: 'launch',
  auth: 'public',
  query: pageQuery,
  answer: {
    kind: 'rows',
    schema: z.object({
      id: z.number().int(),
      remark: z.string(),
      contentVisibleFlag: flag,
      content: z.string(),
      contentLang: translations,
    }),
  },
});

export const orderFeeSettingList = defineEndpoint({
  method: 'GET',
  path: '/api/orderFeeSetting/list',
  summary: 'Order fee settings; each remark classifies product type x position type x side',
  tag: 'launch',
  auth: 'public',
  answer: {
    kind: 'rows',
    schema: z.object({ id: z.number().int(), remark: z.string(), feeRate: decimalString }),
  },
});

export const platformCurrencyList = defineEndpoint({
  method: 'GET',
  path: '/api/platformCurrency/list',
  summary: 'Platform currencies; walletAddressType is "/"-separated',
  tag: 'launch',
  auth: 'public',
  query: z.object({ currencyType: z.coerce.number().int().min(0).max(9).optional() }),
  answer: {
    kind: 'rows',
    schema: z.object({
      id: z.number().int(),
      currencyName: z.string(),
      /** 0 fiat, 1 crypto. */
      currencyType: z.number().int(),
      walletAddressType: z.string(),
      currencyImg: z.string(),
      scale: z.number().int(),
      sort: z.number().int(),
    }),
  },
});

export const langMgrList = defineEndpoint({
  method: 'GET',
  path: '/api/langMgr/list',
  summary: 'The language pack: a key-to-text map',
  tag: 'launch',
  auth: 'public',
  query: z.object({ lang: z.string().min(1).max(8) }),
  answer: { kind: 'data', schema: z.record(z.string(), z.string()) },
});

/** One feature switch, as customers and operators see it; status 1 means on. */
export const switchSetting = z.object({
  id: z.number().int(),
  switchName: z.string(),
  switchKey: z.string(),
  status: flag,
  remark: z.string(),
});

export const switchSetList = defineEndpoint({
  method: 'GET',
  path: '/api/switchSet/list',
  summary: 'Feature switches (names in Chinese, as the original); status 1 means on',
  tag: 'launch',
  auth: 'public',
  answer: { kind: 'rows', schema: switchSetting },
});

export const popUpList = defineEndpoint({
  method: 'GET',
  path: '/api/popUp/list',
  summary: 'Pop-up notices; the app shows the first row',
  tag: 'launch',
  auth: 'public',
  answer: {
    kind: 'rows',
    schema: z.object({
      id: z.number().int(),
      title: z.string(),
      content: z.string(),
      image: z.string(),
      link: z.string(),
    }),
  },
});

/** Where a page option entry sits and whether it shows, as customers and operators see it. */
export const pageConfigEntry = z.object({
  id: z.number().int(),
  pagePath: z.string(),
  module: z.string(),
  /** The switch (by its name) that hides the entry while on. */
  desc: z.string(),
  isVisible: flag,
  sort: z.number().int(),
});

export const appConfigList = defineEndpoint({
  method: 'GET',
  path: '/api/appConfig/list',
  summary: 'Page option entries of one page path',
  tag: 'launch',
  auth: 'public',
  query: z.object({ pagePath: z.string().min(1).max(200) }),
  answer: {
    kind: 'rows',
    schema: pageConfigEntry.extend({
      title: z.string(),
      titleKey: z.string(),
      icon: z.string(),
      target: z.string(),
    }),
  },
});

export const otherValueList = defineEndpoint({
  method: 'GET',
  path: '/api/otherValue/list',
  summary: 'The otherValue settings map (default_trade_currency_id, app_decimal_no, ...)',
  tag: 'launch',
  auth: 'public',
  answer: { kind: 'data', schema: z.record(z.string(), z.string()) },
});

export const homeRecommendProductsList = defineEndpoint({
  method: 'GET',
  path: '/api/homeRecommendProducts/list',
  summary: 'Home recommended products (page size 50 in the app)',
  tag: 'launch',
  auth: 'public',
  query: pageQuery,
  answer: { kind: 'rows', schema: product },
});

/** A row about exchanging one platform currency into another: its id and the two currencies (published rates and customers' exchanges alike). */
export const currencyPair = z.object({
  id: z.number().int(),
  currencyIdFrom: z.number().int(),
  currencyIdTo: z.number().int(),
  currencyNameFrom: z.string(),
  currencyNameTo: z.string(),
});

export const getExchangeInfo = defineEndpoint({
  method: 'GET',
  path: '/api/currencyExchangeRate/getExchangeInfo',
  summary: 'Exchange rates between platform currencies, with fee, limits and daily count',
  tag: 'launch',
  auth: 'public',
  answer: {
    kind: 'rows',
    schema: currencyPair.extend({
      rate: decimalString,
      feeRate: decimalString,
      minAmount: decimalString,
      maxAmount: decimalString,
      dailyCount: z.number().int(),
    }),
  },
});

export const getPhoneAreaCodeList = defineEndpoint({
  method: 'GET',
  path: '/api/userInfo/getPhoneAreaCodeList',
  summary: 'Phone area codes for registration',
  tag: 'account',
  auth: 'public',
  answer: {
    kind: 'rows',
    schema: z.object({ areaCode: z.string(), countryName: z.string(), countryCode: z.string() }),
  },
});

export const bankPropertyConfigList = defineEndpoint({
  method: 'GET',
  path: '/api/bankPropertyConfig/list',
  summary: 'The fields of the bank card form and which are required',
  tag: 'launch',
  auth: 'public',
  query: z.object({ configType: z.coerce.number().int().min(0).max(9).default(0) }),
  answer: {
    kind: 'rows',
    schema: z.object({
      id: z.number().int(),
      configType: z.number().int(),
      propertyName: z.string(),
      labelKey: z.string(),
      isRequired: flag,
      sort: z.number().int(),
    }),
  },
});

/** What every deposit and withdrawal channel starts with, as customers and operators see it. */
export const channelIdentity = z.object({
  id: z.number().int(),
  channelName: z.string(),
  /** 0 bank, 1 crypto, 2 demo instant. */
  channelType: z.number().int(),
  currencyId: z.number().int(),
});

/** A channel as customers see it: its identity and the amounts one request may move. */
const customerChannel = channelIdentity.extend({ minAmount: decimalString, maxAmount: decimalString });

export const rechargeChannelConfigList = defineEndpoint({
  method: 'GET',
  path: '/api/rechargeChannelConfig/list',
  summary: 'Deposit channels',
  tag: 'money',
  auth: 'optional',
  answer: {
    kind: 'rows',
    schema: customerChannel.extend({
      instructions: z.string(),
      /** The network of a crypto channel (TRC20, ERC20, BTC); '' for bank and demo channels. */
      network: z.string(),
      /** Where to send the money: the address (crypto) or account details (bank) the operator publishes. */
      payeeAddress: z.string(),
      demoOnly: flag,
      sort: z.number().int(),
    }),
  },
});

export const withdrawChannelConfigList = defineEndpoint({
  method: 'GET',
  path: '/api/withdrawChannelConfig/list',
  summary: 'Withdrawal channels with their fee schedule and hours',
  tag: 'money',
  auth: 'optional',
  answer: {
    kind: 'rows',
    schema: customerChannel.extend({
      feeRate: decimalString,
      feeFixed: decimalString,
      dailyCount: z.number().int(),
      openHours: z.string(),
      sort: z.number().int(),
    }),
  },
});

export const fastTradeOrderOptionsList = defineEndpoint({
  method: 'GET',
  path: '/api/fastTradeOrderOptions/list',
  summary: 'Fast trade options of a product',
  tag: 'trade',
  auth: 'public',
  query: z.object({
    productType: z.coerce.number().int().min(1).max(4),
    productCode: z.string().min(1).max(32),
  }),
  answer: {
    kind: 'rows',
    schema: z.object({
      id: z.number().int(),
      productCode: z.string(),
      durationValue: z.number().int(),
      /** 0 seconds, 1 minutes, 2 hours, 3 days (S, M, H, D). */
      durationLabel: z.number().int(),
      winRatio: decimalString,
      loseRatio: decimalString,
      minBuyAmount: decimalString,
      maxBuyAmount: decimalString,
      minUserAmount: decimalString,
      loseMoneyMethod: z.number().int(),
    }),
  },
});

/** The home screen's banners an operator publishes (the console's Home banners screen). */
export const bannerList = defineEndpoint({
  method: 'GET',
  path: '/api/banner/list',
  summary:
    'The home screen’s banners in the request’s language (the English ones when that language has none), in order',
  tag: 'launch',
  auth: 'optional',
  answer: {
    kind: 'rows',
    schema: z.object({ id: z.number().int(), title: z.string(), imageUrl: z.string(), link: z.string() }),
  },
});
