import type { Kysely } from 'kysely';
import {
  EXCHANGE_TYPE,
  feeRateFromDecimal,
  findFeeRate,
  formatDecimal,
  POSITION_TYPE,
  PRODUCT_TYPE,
  type FeeSetting,
} from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { parseTranslations } from '../language/language-packs';
import { makerTakerRates, parsePairSteps, PairSpecError, type PairSpec } from './pair-spec';

/** Whether a product's "/"-separated position types include coin-to-coin (3). */
export function tradesCoinToCoin(positionTypes: string): boolean {
  return positionTypes
    .split('/')
    .map((part) => part.trim())
    .includes(String(POSITION_TYPE.coinToCoin));
}

/** The coin-to-coin fee rates of the order fee settings, as maker and taker rates (pair-spec.ts says why). */
export function coinToCoinRates(settings: readonly FeeSetting[]): { maker: bigint; taker: bigint } {
  const rate = (exchangeType: 1 | 2) =>
    feeRateFromDecimal(
      findFeeRate(settings, { productType: PRODUCT_TYPE.crypto, positionType: POSITION_TYPE.coinToCoin, exchangeType }),
    );
  return makerTakerRates(rate(EXCHANGE_TYPE.buy), rate(EXCHANGE_TYPE.sell));
}

export interface LoadedPairs {
  pairs: PairSpec[];
  /** Pairs that cannot trade, with the reason: logged loudly at start. */
  problems: string[];
}

/**
 * Every enabled pair whose product is a visible crypto product trading coin-to-coin, quoted in its
 * quote currency (USDT). A row that breaks a rule is left out and reported, never traded on.
 */
export async function loadPairs(db: Kysely<Database>): Promise<LoadedPairs> {
  const rows = await db
    .selectFrom('bibi_pair as pair')
    .innerJoin('product', 'product.product_code', 'pair.product_code')
    .innerJoin('platform_currency as base', 'base.id', 'pair.base_currency_id')
    .innerJoin('platform_currency as quote', 'quote.id', 'pair.quote_currency_id')
    .select([
      'pair.product_code',
      'pair.price_scale',
      'pair.volume_scale',
      'pair.tick_size',
      'pair.volume_step',
      'pair.minimum_volume',
      'product.id as product_id',
      'product.name',
      'product.name_lang',
      'product.product_type',
      'product.position_types',
      'product.is_lock',
      'base.id as base_id',
      'base.currency_name as base_name',
      'base.scale as base_scale',
      'quote.id as quote_id',
      'quote.currency_name as quote_name',
      'quote.scale as quote_scale',
    ])
    .where('pair.is_enabled', '=', 1)
    .where('product.is_visible', '=', 1)
    .orderBy('product.sort')
    .orderBy('product.id')
    .execute();
  const settings = await db.selectFrom('order_fee_setting').select(['remark', 'fee_rate']).execute();
  const problems: string[] = [];
  let rates: { maker: bigint; taker: bigint };
  try {
    rates = coinToCoinRates(settings.map((row) => ({ remark: row.remark, feeRate: row.fee_rate })));
  } catch (error) {
    return { pairs: [], problems: [`coin-to-coin fee rates: ${(error as Error).message}`] };
  }
  const pairs: PairSpec[] = [];
  for (const row of rows) {
    if (row.product_type !== PRODUCT_TYPE.crypto || !tradesCoinToCoin(row.position_types)) continue;
    try {
      const steps = parsePairSteps({
        productCode: row.product_code,
        baseScale: row.base_scale,
        quoteScale: row.quote_scale,
        priceScale: row.price_scale,
        volumeScale: row.volume_scale,
        tickSize: row.tick_size,
        volumeStep: row.volume_step,
        minimumVolume: row.minimum_volume,
      });
      const names = parseTranslations(row.name_lang);
      pairs.push({
        productCode: row.product_code,
        productId: row.product_id,
        names,
        productName: names.en ?? row.name,
        pair: `${row.base_name}/${row.quote_name}`,
        baseCurrencyId: row.base_id,
        baseCurrencyName: row.base_name,
        baseScale: row.base_scale,
        quoteCurrencyId: row.quote_id,
        quoteCurrencyName: row.quote_name,
        quoteScale: row.quote_scale,
        priceScale: row.price_scale,
        volumeScale: row.volume_scale,
        ...steps,
        makerFeeRate: rates.maker,
        takerFeeRate: rates.taker,
        locked: row.is_lock === 1,
      });
    } catch (error) {
      if (!(error instanceof PairSpecError)) throw error;
      problems.push(error.message);
    }
  }
  return { pairs, problems };
}

/** The pair's steps as decimal strings, as the customer reads them. */
export function pairTexts(pair: PairSpec): { tickSize: string; volumeStep: string; minimumVolume: string } {
  return {
    tickSize: formatDecimal(pair.tick, pair.priceScale),
    volumeStep: formatDecimal(pair.step, pair.volumeScale),
    minimumVolume: formatDecimal(pair.minimum, pair.volumeScale),
  };
}
