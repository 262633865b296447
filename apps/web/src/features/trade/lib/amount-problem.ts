import type { TypedDecimal } from '../../../shared/trading/decimals';

type InvalidReason = Extract<TypedDecimal, { state: 'invalid' }>['reason'];

/**
 * Why a typed money amount (a contract's margin or value, a fast trade's stake) cannot be sent: too many
 * decimals for the money scale, which the message names, or no usable number at all.
 */
export function typedAmountProblem(
  reason: InvalidReason,
  moneyScale: number,
): { key: 'trading.amount_precision'; params: { decimals: number } } | { key: 'trading.amount_invalid' } {
  return reason === 'precision'
    ? { key: 'trading.amount_precision', params: { decimals: moneyScale } }
    : { key: 'trading.amount_invalid' };
}
