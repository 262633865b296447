import type { Kysely } from 'kysely';
import { INSTRUMENTS, type ProductType } from '@kestrel/market';
import type { Database } from '../db/schema';

/**
 * The fast-trade options a fresh install offers (fastTradeOrderOptions/list). Six durations per product
 * with the SPEC §3 labels (0 S, 1 M, 2 H, 3 D); the payout grows with the duration. Every ratio is
 * published and fixed per option: there is no random payout and no per-customer outcome.
 * Amounts are in the trade currency (USDT by default).
 */
interface OptionTemplate {
  durationValue: number;
  durationLabel: 0 | 1 | 2 | 3;
  winRatio: string;
  minBuyAmount: string;
  maxBuyAmount: string;
}

const DURATIONS: readonly OptionTemplate[] = [
  { durationValue: 30, durationLabel: 0, winRatio: '0.80', minBuyAmount: '10', maxBuyAmount: '5000' },
  { durationValue: 60, durationLabel: 0, winRatio: '0.82', minBuyAmount: '10', maxBuyAmount: '10000' },
  { durationValue: 3, durationLabel: 1, winRatio: '0.85', minBuyAmount: '20', maxBuyAmount: '20000' },
  { durationValue: 5, durationLabel: 1, winRatio: '0.87', minBuyAmount: '50', maxBuyAmount: '50000' },
  { durationValue: 1, durationLabel: 2, winRatio: '0.88', minBuyAmount: '100', maxBuyAmount: '100000' },
  { durationValue: 1, durationLabel: 3, winRatio: '0.90', minBuyAmount: '100', maxBuyAmount: '100000' },
];

/**
 * How a loss is taken, per market: crypto and US stocks lose the whole stake (method 0, ratio 1);
 * forex and futures lose a published share of it (method 1), the rest comes back.
 */
const LOSS_BY_PRODUCT_TYPE: Record<ProductType, { loseRatio: string; loseMoneyMethod: 0 | 1 }> = {
  1: { loseRatio: '1', loseMoneyMethod: 0 },
  2: { loseRatio: '1', loseMoneyMethod: 0 },
  3: { loseRatio: '0.90', loseMoneyMethod: 1 },
  4: { loseRatio: '0.95', loseMoneyMethod: 1 },
};

/** The available balance a customer needs before placing any fast trade. */
const MIN_USER_AMOUNT = '20';

/** The rows for one product. */
export function fastTradeOptionRows(productCode: string, productType: ProductType) {
  const loss = LOSS_BY_PRODUCT_TYPE[productType];
  return DURATIONS.map((template, sort) => ({
    product_code: productCode,
    duration_value: template.durationValue,
    duration_label: template.durationLabel,
    win_ratio: template.winRatio,
    lose_ratio: loss.loseRatio,
    min_buy_amount: template.minBuyAmount,
    max_buy_amount: template.maxBuyAmount,
    min_user_amount: MIN_USER_AMOUNT,
    lose_money_method: loss.loseMoneyMethod,
    sort,
  }));
}

/**
 * Seeds the options once: when the table is empty (a fresh install, or an install from before fast
 * trades). From then on operators own the rows, so a product whose options were removed on purpose
 * stays without them. Runs inside the seed's transaction.
 */
export async function seedFastTradeOptions(db: Kysely<Database>): Promise<void> {
  const any = await db.selectFrom('fast_trade_order_option').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const rows = INSTRUMENTS.flatMap((instrument) => fastTradeOptionRows(instrument.productCode, instrument.productType));
  // 42 products x 6 durations: a few hundred rows, inserted in bounded batches.
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('fast_trade_order_option')
      .values(rows.slice(start, start + 200))
      .execute();
  }
}
