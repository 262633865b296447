import { sql } from 'kysely';
import { ACCOUNT_TYPE, isLanguageCode, launch } from '@kestrel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { allRows } from '../../http/rows';
import { refuse } from '../../core/errors';
import { pickTranslation, parseTranslations } from '../language/language-packs';
import { pageOffset } from '../../core/paging';

/** What deposit and withdrawal channels both show: who they are, their currency and their amount bounds. */
function channelView(row: {
  id: number;
  channel_name: string;
  channel_type: number;
  currency_id: number;
  min_amount: string;
  max_amount: string;
}) {
  return {
    id: row.id,
    channelName: row.channel_name,
    channelType: row.channel_type,
    currencyId: row.currency_id,
    minAmount: row.min_amount,
    maxAmount: row.max_amount,
  };
}

/** The calls the app makes at launch (SPEC §4 "Launch", §7): configuration read from seeded tables. */
export function launchRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = endpointRegistrar(app, context.authenticate);

  register(launch.getSiteInfo, async ({ context: request }) => {
    const site = await db.selectFrom('site_info').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    return {
      siteName: site.site_name,
      logo: site.logo,
      // The home banner's text, in the request's language (English when that language has none).
      description: pickTranslation(site.description_lang, request.language, site.description),
      supportEmail: site.support_email,
      serviceUrl: site.service_url,
      copyright: site.copyright,
      simulatedMarket: context.market.simulated,
      demoFundsLabel: context.languagePacks.translate(request.language, 'common.demo'),
    };
  });

  register(launch.textLangList, async ({ query, context: request }) => {
    const [rows, count] = await Promise.all([
      db.selectFrom('tips_setting').selectAll().orderBy('id').limit(query.pageSize).offset(pageOffset(query)).execute(),
      db
        .selectFrom('tips_setting')
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        remark: row.remark,
        contentVisibleFlag: row.content_visible_flag,
        content: pickTranslation(row.content_lang, request.language),
        contentLang: parseTranslations(row.content_lang),
      })),
      total: Number(count.total),
    };
  });

  register(launch.orderFeeSettingList, async () => {
    const rows = await db.selectFrom('order_fee_setting').select(['id', 'remark', 'fee_rate']).orderBy('id').execute();
    return { rows: rows.map((row) => ({ id: row.id, remark: row.remark, feeRate: row.fee_rate })), total: rows.length };
  });

  register(launch.platformCurrencyList, async ({ query }) => {
    let select = db.selectFrom('platform_currency').selectAll().where('is_visible', '=', 1);
    if (query.currencyType !== undefined) select = select.where('currency_type', '=', query.currencyType);
    const rows = await select.orderBy('sort').orderBy('id').execute();
    return allRows(rows, (row) => ({
      id: row.id,
      currencyName: row.currency_name,
      currencyType: row.currency_type,
      walletAddressType: row.wallet_address_type,
      currencyImg: row.image,
      scale: row.scale,
      sort: row.sort,
    }));
  });

  register(launch.langMgrList, async ({ query }) => {
    if (!isLanguageCode(query.lang)) refuse('error.unknown_language');
    return context.languagePacks.pack(query.lang);
  });

  register(launch.switchSetList, async () => {
    const rows = await db.selectFrom('switch_setting').selectAll().orderBy('id').execute();
    return allRows(rows, (row) => ({
      id: row.id,
      switchName: row.switch_name,
      switchKey: row.switch_key,
      status: row.status,
      remark: row.remark,
    }));
  });

  register(launch.popUpList, async ({ context: request }) => {
    const rows = await db.selectFrom('pop_up').selectAll().where('is_visible', '=', 1).orderBy('sort').execute();
    return allRows(rows, (row) => ({
      id: row.id,
      title: pickTranslation(row.title_lang, request.language),
      content: pickTranslation(row.content_lang, request.language),
      image: row.image,
      link: row.link,
    }));
  });

  register(launch.appConfigList, async ({ query, context: request }) => {
    const rows = await db
      .selectFrom('app_page_config')
      .selectAll()
      .where('page_path', '=', query.pagePath)
      .orderBy('module')
      .orderBy('sort')
      .execute();
    return allRows(rows, (row) => ({
      id: row.id,
      pagePath: row.page_path,
      module: row.module,
      desc: row.description,
      isVisible: row.is_visible,
      sort: row.sort,
      title: context.languagePacks.translate(request.language, row.title_key),
      titleKey: row.title_key,
      icon: row.icon,
      target: row.target,
    }));
  });

  register(launch.otherValueList, async () => {
    const rows = await db.selectFrom('other_value').selectAll().execute();
    return Object.fromEntries(rows.map((row) => [row.setting_key, row.setting_value]));
  });

  register(launch.getExchangeInfo, async () => {
    const rows = await db
      .selectFrom('currency_exchange_rate as rate')
      .innerJoin('platform_currency as source', 'source.id', 'rate.currency_id_from')
      .innerJoin('platform_currency as target', 'target.id', 'rate.currency_id_to')
      .select([
        'rate.id',
        'rate.currency_id_from',
        'rate.currency_id_to',
        'source.currency_name as from_name',
        'target.currency_name as to_name',
        'rate.rate',
        'rate.fee_rate',
        'rate.min_amount',
        'rate.max_amount',
        'rate.daily_count',
      ])
      .orderBy('rate.id')
      .execute();
    return allRows(rows, (row) => ({
      id: row.id,
      currencyIdFrom: row.currency_id_from,
      currencyIdTo: row.currency_id_to,
      currencyNameFrom: row.from_name,
      currencyNameTo: row.to_name,
      rate: row.rate,
      feeRate: row.fee_rate,
      minAmount: row.min_amount,
      maxAmount: row.max_amount,
      dailyCount: row.daily_count,
    }));
  });

  register(launch.getPhoneAreaCodeList, async () => {
    const rows = await db.selectFrom('phone_area_code').selectAll().orderBy('sort').execute();
    return allRows(rows, (row) => ({
      areaCode: row.area_code,
      countryName: row.country_name,
      countryCode: row.country_code,
    }));
  });

  register(launch.bankPropertyConfigList, async ({ query }) => {
    const rows = await db
      .selectFrom('bank_property_config')
      .selectAll()
      .where('config_type', '=', query.configType)
      .orderBy('sort')
      .execute();
    return allRows(rows, (row) => ({
      id: row.id,
      configType: row.config_type,
      propertyName: row.property_name,
      labelKey: row.label_key,
      isRequired: row.is_required,
      sort: row.sort,
    }));
  });

  register(launch.rechargeChannelConfigList, async ({ context: request }) => {
    let select = db.selectFrom('recharge_channel_config').selectAll().where('is_visible', '=', 1);
    // The demo-instant channel exists only for demo accounts, so real money never meets it.
    if (request.user?.accountType !== ACCOUNT_TYPE.demo) select = select.where('demo_only', '=', 0);
    const rows = await select.orderBy('sort').execute();
    return allRows(rows, (row) => ({
      ...channelView(row),
      instructions: row.instructions,
      network: row.network,
      payeeAddress: row.payee_address,
      demoOnly: row.demo_only,
      sort: row.sort,
    }));
  });

  register(launch.withdrawChannelConfigList, async () => {
    const rows = await db
      .selectFrom('withdraw_channel_config')
      .selectAll()
      .where('is_visible', '=', 1)
      .orderBy('sort')
      .execute();
    return allRows(rows, (row) => ({
      ...channelView(row),
      feeRate: row.fee_rate,
      feeFixed: row.fee_fixed,
      dailyCount: row.daily_count,
      openHours: row.open_hours,
      sort: row.sort,
    }));
  });

  register(launch.fastTradeOrderOptionsList, async ({ query }) => {
    const product = await db
      .selectFrom('product')
      .select('id')
      .where('product_code', '=', query.productCode)
      .where('product_type', '=', query.productType)
      .executeTakeFirst();
    if (!product) refuse('error.unknown_product');
    const rows = await db
      .selectFrom('fast_trade_order_option')
      .selectAll()
      .where('product_code', '=', query.productCode)
      .orderBy('sort')
      .execute();
    return allRows(rows, (row) => ({
      id: row.id,
      productCode: row.product_code,
      durationValue: row.duration_value,
      durationLabel: row.duration_label,
      winRatio: row.win_ratio,
      loseRatio: row.lose_ratio,
      minBuyAmount: row.min_buy_amount,
      maxBuyAmount: row.max_buy_amount,
      minUserAmount: row.min_user_amount,
      loseMoneyMethod: row.lose_money_method,
    }));
  });
}
