import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONSTANTS } from '@kestrel/contract';
import { parseDecimal } from '@kestrel/domain';
import type { Database } from '../db/schema';
import { bigintValue } from '../core/columns';
import { fundPlatformAccount } from '../features/treasury/funded-accounts';

const DAY_MS = 86_400_000;

/** Platform capital put into the funded accounts of a fresh install, per book (USDT). */
export const SEED_FUNDING = {
  real: { stakingReserve: '50000', loanBook: '200000' },
  demo: { stakingReserve: '5000000', loanBook: '5000000' },
} as const;

const STAKING_PRODUCTS = [
  {
    name: 'USDT Flexible 7',
    termDays: 7,
    dailyRate: '0.0004',
    min: '10',
    max: '50000',
    perCustomer: '100000',
    penalty: '0.01',
    quota: '2000000',
  },
  {
    name: 'USDT Locked 30',
    termDays: 30,
    dailyRate: '0.0006',
    min: '100',
    max: '100000',
    perCustomer: '200000',
    penalty: '0.02',
    quota: '5000000',
  },
  {
    name: 'USDT Locked 90',
    termDays: 90,
    dailyRate: '0.0008',
    min: '500',
    max: '200000',
    perCustomer: '300000',
    penalty: '0.03',
    quota: '5000000',
  },
] as const;

const LOAN_PRODUCTS = [
  {
    name: 'Quick loan 7 days',
    min: '100',
    max: '5000',
    termDays: 7,
    dailyRate: '0.001',
    interestFreeDays: 1,
    overdue: '0.003',
    maxOpen: 1,
  },
  {
    name: 'Standard loan 30 days',
    min: '500',
    max: '20000',
    termDays: 30,
    dailyRate: '0.0008',
    interestFreeDays: 3,
    overdue: '0.002',
    maxOpen: 2,
  },
] as const;

/** What every seeded staking and loan product starts as: visible, open, taking demo funds too, in list order. */
function listedProduct(name: string, currencyId: number, sort: number, now: number) {
  return {
    name,
    description: '',
    currency_id: currencyId,
    paused: 0,
    demo_allowed: 1,
    is_visible: 1,
    sort,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The investment products of a fresh install (issue 13) and the platform capital their yield and
 * loans are paid from: operators own them afterwards, so this runs once. New-share offers are placed
 * around the install time (one open now, one upcoming), each with a seed the server draws itself.
 */
export async function seedInvestProducts(transaction: Kysely<Database>, now: number): Promise<void> {
  const usdt = await transaction
    .selectFrom('platform_currency')
    .select(['id', 'scale'])
    .where('id', '=', CONSTANTS.usdtCurrencyId)
    .executeTakeFirstOrThrow();
  const money = (text: string) => bigintValue(parseDecimal(text, usdt.scale));

  for (const [sort, product] of STAKING_PRODUCTS.entries()) {
    await transaction
      .insertInto('staking_product')
      .values({
        ...listedProduct(product.name, usdt.id, sort, now),
        term_days: product.termDays,
        daily_rate: product.dailyRate,
        min_units: money(product.min),
        max_units: money(product.max),
        per_customer_max_units: money(product.perCustomer),
        penalty_rate: product.penalty,
        quota_units: money(product.quota),
      })
      .execute();
  }
  for (const [sort, product] of LOAN_PRODUCTS.entries()) {
    await transaction
      .insertInto('loan_product')
      .values({
        ...listedProduct(product.name, usdt.id, sort, now),
        min_units: money(product.min),
        max_units: money(product.max),
        term_days: product.termDays,
        daily_rate: product.dailyRate,
        interest_free_days: product.interestFreeDays,
        overdue_daily_rate: product.overdue,
        max_open_loans: product.maxOpen,
      })
      .execute();
  }

  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const offers = [
    // Open now: closes in three days, allocated an hour later, listed the next day, no lock-up.
    {
      code: 'X:SOLUSD',
      name: 'Solana community offer',
      price: '150',
      lotSize: 10,
      maxLots: 50,
      supplyLots: 2_000,
      start: today - DAY_MS,
      end: today + 3 * DAY_MS,
      rule: 'lottery',
    },
    {
      code: 'AMD',
      name: 'AMD employee share offer',
      price: '120',
      lotSize: 5,
      maxLots: 40,
      supplyLots: 5_000,
      start: today - DAY_MS,
      end: today + 5 * DAY_MS,
      rule: 'pro_rata',
    },
    // Upcoming: opens in a week.
    {
      code: 'NFLX',
      name: 'Netflix secondary offer',
      price: '600',
      lotSize: 1,
      maxLots: 100,
      supplyLots: 10_000,
      start: today + 7 * DAY_MS,
      end: today + 10 * DAY_MS,
      rule: 'lottery',
    },
  ] as const;
  for (const offer of offers) {
    const seed = randomBytes(32).toString('hex');
    const allocation = offer.end + 3_600_000;
    const listing = offer.end + DAY_MS;
    await transaction
      .insertInto('new_share_product')
      .values({
        product_code: offer.code,
        name: offer.name,
        description: '',
        currency_id: usdt.id,
        money_scale: usdt.scale,
        issue_price_units: money(offer.price),
        lot_size: offer.lotSize,
        max_lots_per_customer: offer.maxLots,
        supply_lots: offer.supplyLots,
        subscribe_start: offer.start,
        subscribe_end: offer.end,
        allocation_time: allocation,
        listing_time: listing,
        lockup_days: 0,
        unlock_time: listing,
        allocation_rule: offer.rule,
        seed,
        seed_commitment: createHash('sha256').update(seed).digest('hex'),
        demo_allowed: 1,
        is_visible: 1,
        allocated_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  for (const book of ['real', 'demo'] as const) {
    for (const [account, amount] of [
      ['staking_reserve', SEED_FUNDING[book].stakingReserve],
      ['loan_book', SEED_FUNDING[book].loanBook],
    ] as const) {
      await fundPlatformAccount(
        transaction,
        {
          account,
          book,
          currencyId: usdt.id,
          units: parseDecimal(amount, usdt.scale),
          actor: { type: 'system', id: 'seed' },
          reason: `initial platform capital for the ${account === 'staking_reserve' ? 'staking reserve' : 'loan book'} of a new installation`,
        },
        now,
      );
    }
  }
}
