import type { Kysely } from 'kysely';
import { ACCOUNT_TYPE, LOCALE_PACKS, PRODUCT_NAMES, PRODUCT_NAMES_EN } from '@kestrel/contract';
import { INSTRUMENTS } from '@kestrel/market';
import { seedInvestProducts } from './invest-data';
import { seedRewardTasks } from './reward-tasks';
import { seedHelpCentre } from './help-centre-data';
import type { Database } from '../db/schema';
import { hashPassword } from '../core/secrets';
import { insertUserAccount } from '../features/account/new-user-account';
import {
  APP_PAGE_CONFIGS,
  BANK_PROPERTIES,
  EXCHANGE_RATES,
  HOME_RECOMMENDATIONS,
  ORDER_FEE_SETTINGS,
  OTHER_VALUES,
  PHONE_AREA_CODES,
  PLATFORM_CURRENCIES,
  POP_UPS,
  RECHARGE_CHANNELS,
  SWITCHES,
  TIPS_SETTINGS,
  WITHDRAW_CHANNELS,
} from './platform-data';
import { seedFastTradeOptions } from './fast-trade-options';
import { seedTradeSettings } from './trade-settings';
import { SITE_DESCRIPTION } from './platform-texts';
import { topUpPlatformTexts } from './platform-text-top-up';

/** The seeded demo customer a newcomer logs in with (README). */
export const DEMO_CUSTOMER = { email: 'demo@kestrel.local', password: 'Demo12345' };

const INSERT_BATCH_ROWS = 400;

async function insertInBatches<Table extends keyof Database & string>(
  db: Kysely<Database>,
  table: Table,
  rows: readonly Record<string, unknown>[],
  conflictColumns?: string[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
    // Kysely's insert typing cannot follow a generic table name; the rows are built for this table above.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const batch = rows.slice(start, start + INSERT_BATCH_ROWS) as any[];
    const insert = db.insertInto(table).values(batch);
    await (
      conflictColumns ? insert.onConflict((conflict) => conflict.columns(conflictColumns as never).doNothing()) : insert
    ).execute();
  }
}

/**
 * Seeds a fresh database. Platform configuration is seeded once (operators own it afterwards);
 * products, language texts and the platform texts' missing languages are topped up on every start
 * so a release can add new ones without overwriting an operator's edits.
 */
export async function seed(db: Kysely<Database>, options: { clock: () => number; demoData: boolean }): Promise<void> {
  const fresh = !(await db.selectFrom('site_info').select('id').where('id', '=', 1).executeTakeFirst());
  await db.transaction().execute(async (transaction) => {
    if (fresh) await seedPlatform(transaction);
    await topUpOtherValues(transaction);
    await seedProducts(transaction);
    await seedFastTradeOptions(transaction);
    await seedTradeSettings(transaction, options.clock());
    if (fresh) await seedRecommendations(transaction);
    await seedLanguageTexts(transaction);
    await topUpPlatformTexts(transaction);
    if (fresh) await seedInvestProducts(transaction, options.clock());
    if (fresh) await seedRewardTasks(transaction, options.clock());
    await seedHelpCentre(transaction, options.clock()); // only while the help centre is empty
  });
  if (fresh && options.demoData) await seedDemoCustomer(db, options.clock());
}

/**
 * The otherValue defaults a database lacks: all of them on a fresh one, and on an existing one the
 * settings a release added (the layouts of issue 17), so the console can edit them. A value already
 * there, the operator's, is never touched.
 */
async function topUpOtherValues(db: Kysely<Database>): Promise<void> {
  await insertInBatches(
    db,
    'other_value',
    Object.entries(OTHER_VALUES).map(([setting_key, setting_value]) => ({ setting_key, setting_value })),
    ['setting_key'],
  );
}

async function seedPlatform(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('site_info')
    .values({
      id: 1,
      site_name: 'Kestrel',
      logo: '/logo.svg',
      description: SITE_DESCRIPTION.en,
      description_lang: JSON.stringify(SITE_DESCRIPTION),
      support_email: 'support@kestrel.local',
      service_url: '',
      copyright: '© Kestrel contributors',
    })
    .execute();
  await insertInBatches(
    db,
    'platform_currency',
    PLATFORM_CURRENCIES.map((currency) => ({
      ...currency,
      image: `/img/currencies/${currency.currency_name}.svg`,
      is_visible: 1,
    })),
  );
  await insertInBatches(
    db,
    'currency_exchange_rate',
    EXCHANGE_RATES.map((rate) => ({
      currency_id_from: rate.from,
      currency_id_to: rate.to,
      rate: rate.rate,
      fee_rate: rate.fee,
      min_amount: rate.min,
      max_amount: rate.max,
      daily_count: rate.daily,
    })),
  );
  await insertInBatches(
    db,
    'switch_setting',
    SWITCHES.map((row) => ({ ...row })),
  );
  await insertInBatches(
    db,
    'tips_setting',
    TIPS_SETTINGS.map((row) => ({ ...row, content_lang: JSON.stringify(row.content_lang) })),
  );
  await insertInBatches(db, 'order_fee_setting', ORDER_FEE_SETTINGS);
  await insertInBatches(
    db,
    'pop_up',
    POP_UPS.map((row) => ({
      ...row,
      title_lang: JSON.stringify(row.title_lang),
      content_lang: JSON.stringify(row.content_lang),
    })),
  );
  await insertInBatches(db, 'app_page_config', APP_PAGE_CONFIGS);
  await insertInBatches(
    db,
    'phone_area_code',
    PHONE_AREA_CODES.map(([area_code, country_name, country_code], sort) => ({
      area_code,
      country_name,
      country_code,
      sort,
    })),
  );
  await insertInBatches(
    db,
    'bank_property_config',
    BANK_PROPERTIES.map(([property_name, label_key, is_required], sort) => ({
      config_type: 0,
      property_name,
      label_key,
      is_required,
      sort,
    })),
  );
  await insertInBatches(
    db,
    'recharge_channel_config',
    RECHARGE_CHANNELS.map((row, sort) => ({ ...row, is_visible: 1, sort })),
  );
  await insertInBatches(
    db,
    'withdraw_channel_config',
    WITHDRAW_CHANNELS.map((row, sort) => ({ ...row, is_visible: 1, sort })),
  );
}

async function seedProducts(db: Kysely<Database>): Promise<void> {
  const rows = INSTRUMENTS.map((instrument, index) => ({
    product_code: instrument.productCode,
    product_type: instrument.productType,
    name: PRODUCT_NAMES_EN[instrument.productCode] ?? instrument.name,
    name_lang: JSON.stringify({
      en: PRODUCT_NAMES_EN[instrument.productCode] ?? instrument.name,
      ...(PRODUCT_NAMES[instrument.productCode] ?? {}),
    }),
    description: instrument.description,
    image: `/img/products/${encodeURIComponent(instrument.productCode)}.svg`,
    sort: index,
    is_visible: 1,
    is_lock: 0,
    is_show: 1,
    is_self_sell: 0,
    is_option: 1,
    // Coin-to-coin exists for crypto only; every market has fast trades, contracts and spot.
    position_types: instrument.productType === 2 ? '0/1/2/3' : '0/1/2',
    standard: instrument.contractSize,
    price_scale: instrument.priceScale,
    quantity_scale: instrument.quantityScale,
  }));
  await insertInBatches(db, 'product', rows, ['product_code']);
}

async function seedRecommendations(db: Kysely<Database>): Promise<void> {
  const products = await db
    .selectFrom('product')
    .select(['id', 'product_code'])
    .where('product_code', 'in', HOME_RECOMMENDATIONS)
    .execute();
  const idOf = new Map(products.map((product) => [product.product_code, product.id]));
  const rows = HOME_RECOMMENDATIONS.flatMap((code, sort) => {
    const productId = idOf.get(code);
    return productId === undefined ? [] : [{ product_id: productId, sort }];
  });
  await insertInBatches(db, 'home_recommend_product', rows, ['product_id']);
}

async function seedLanguageTexts(db: Kysely<Database>): Promise<void> {
  const rows = Object.entries(LOCALE_PACKS).flatMap(([language, pack]) =>
    Object.entries(pack).map(([text_key, text]) => ({ language, text_key, text })),
  );
  await insertInBatches(db, 'language_text', rows, ['language', 'text_key']);
}

async function seedDemoCustomer(db: Kysely<Database>, now: number): Promise<void> {
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  const userId = await insertUserAccount(db, {
    user_account: DEMO_CUSTOMER.email,
    email: DEMO_CUSTOMER.email,
    phone: null,
    area_code: null,
    password_hash: passwordHash,
    nick_name: 'Demo trader',
    avatar: '',
    account_type: ACCOUNT_TYPE.real,
    invite_code: 'KESTREL1',
    inviter_id: null,
    created_at: now,
  });
  const watched = await db
    .selectFrom('product')
    .select('id')
    .where('product_code', 'in', ['X:BTCUSD', 'AAPL', 'C:EURUSD'])
    .execute();
  await insertInBatches(
    db,
    'user_product_option',
    watched.map((product, index) => ({ user_id: userId, product_id: product.id, created_at: now + index })),
  );
}
