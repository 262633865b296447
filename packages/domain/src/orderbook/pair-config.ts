/**
 * A pair's configuration is operator data, checked once when a book is built: a bad one is a deployment
 * mistake, so the engine's constructor refuses it loudly (PairConfigError) instead of trading on it.
 */
import { MAXIMUM_SCALE, parseDecimal } from '../decimal';
import type { PairConfigErrorCode } from './result-codes';
import { FEE_RATE_SCALE, type PairConfig } from './types';

/** 1,000,000 parts per million: a fee can never exceed the quote amount it is charged on. */
export const MAXIMUM_FEE_RATE = 10n ** BigInt(FEE_RATE_SCALE);

/** Parses an operator's decimal rate ("0.001" is 0.1 %) into parts per million; more than 6 decimals is refused by parseDecimal. */
export function feeRateFromDecimal(text: string): bigint {
  return parseDecimal(text, FEE_RATE_SCALE);
}

function isScale(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAXIMUM_SCALE;
}

/** The first problem found, or null when the configuration is usable. */
export function validatePairConfig(config: PairConfig): PairConfigErrorCode | null {
  if (config.pair.trim() === '') return 'orderbook.config_pair_missing';
  if (!isScale(config.priceScale) || !isScale(config.sizeScale) || !isScale(config.quoteScale)) {
    return 'orderbook.config_scale_invalid';
  }
  // Fill quote amounts live at priceScale + sizeScale, which must itself be a scale the decimal module accepts.
  if (!isScale(config.priceScale + config.sizeScale)) return 'orderbook.config_scale_invalid';
  if (config.priceTick <= 0n) return 'orderbook.config_tick_not_positive';
  if (config.sizeStep <= 0n) return 'orderbook.config_step_not_positive';
  if (config.minimumSize <= 0n || config.minimumSize % config.sizeStep !== 0n) {
    return 'orderbook.config_minimum_off_step';
  }
  for (const rate of [config.makerFeeRate, config.takerFeeRate]) {
    if (rate < 0n || rate > MAXIMUM_FEE_RATE) return 'orderbook.config_fee_rate_out_of_range';
  }
  return null;
}

export class PairConfigError extends RangeError {
  constructor(
    readonly code: PairConfigErrorCode,
    readonly pair: string,
  ) {
    super(`invalid order book configuration for ${JSON.stringify(pair)}: ${code}`);
    this.name = 'PairConfigError';
  }
}

/** Throws PairConfigError for an unusable configuration; returns it otherwise. */
export function assertPairConfig(config: PairConfig): PairConfig {
  const code = validatePairConfig(config);
  if (code !== null) throw new PairConfigError(code, config.pair);
  return config;
}
