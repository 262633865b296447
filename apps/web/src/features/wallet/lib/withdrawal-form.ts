/**
 * The withdrawal amount field: what the customer typed, checked by the domain's withdrawal rules (the
 * server's, in its order: format, minimum, maximum, a fee below the amount, the available balance),
 * with the fee and what arrives by the channel's published schedule. The opening hours are shown above
 * the form, not under the amount, so they are left out here.
 */
import { checkWithdrawal, formatDecimal, rescale } from '@kestrel/domain';
import {
  amountProblemOf,
  checkAmount,
  configuredUnits,
  maximumUnits,
  parseConfigured,
  withdrawalPreview,
  type AmountCheck,
  type AmountProblem,
  type WithdrawalPreview,
} from './money';

/** The channel as the withdrawal screen lists it. */
export interface WithdrawalChannelTexts {
  minAmount: string;
  maxAmount: string;
  feeRate: string;
  feeFixed: string;
  openHours: string;
}

export type WithdrawalAmountCheck =
  | { state: 'empty' }
  | { state: 'invalid'; problem: AmountProblem; preview: WithdrawalPreview | null }
  | { state: 'valid'; units: bigint; preview: WithdrawalPreview | null };

function withoutPreview(check: AmountCheck): WithdrawalAmountCheck {
  return check.state === 'empty' ? check : { ...check, preview: null };
}

/**
 * The first problem with the amount, and the fee preview once the limits are met: with no problem, or
 * when the fee is the problem (its figure shows what the amount must exceed). With an unreadable fee
 * schedule there is no preview to guess, and only the format, the limits and the balance are checked.
 */
export function checkWithdrawalAmount(
  text: string,
  scale: number,
  channel: WithdrawalChannelTexts,
  available: string | null | undefined,
): WithdrawalAmountCheck {
  const typed = checkAmount(text, scale);
  if (typed.state !== 'valid') return withoutPreview(typed);
  const feeFixed = configuredUnits(channel.feeFixed, scale);
  if (feeFixed === null || withdrawalPreview(typed.units, scale, channel) === null) {
    return withoutPreview(checkAmount(text, scale, { min: channel.minAmount, max: channel.maxAmount, available }));
  }
  const availableUnits = configuredUnits(available, scale);
  const check = checkWithdrawal(
    typed.units,
    {
      scale,
      minimum: configuredUnits(channel.minAmount, scale),
      maximum: maximumUnits(channel.maxAmount, scale),
      feeRate: channel.feeRate,
      feeFixed,
      openHours: channel.openHours,
    },
    availableUnits === null ? {} : { available: availableUnits },
  );
  if (check.problem === null) {
    return { state: 'valid', units: typed.units, preview: { fee: check.fee, net: check.net } };
  }
  const { fee, net } = check;
  const feeIsTheProblem = check.problem.code === 'withdraw_fee_exceeds_amount';
  return {
    state: 'invalid',
    problem: amountProblemOf(check.problem),
    preview: feeIsTheProblem && fee !== null && net !== null ? { fee, net } : null,
  };
}

/**
 * What "All" fills (otherValue app_withdrawAll): the whole balance one withdrawal may take. The fee
 * comes out of the amount (what arrives is the amount less the fee), so it needs no room of its own;
 * the balance is cut down to the currency's decimals and to the channel's maximum. Null when there is
 * nothing to withdraw.
 */
export function withdrawAllAmount(
  available: string | null | undefined,
  scale: number,
  channel: Pick<WithdrawalChannelTexts, 'maxAmount'>,
): string | null {
  const balance = parseConfigured(available);
  if (!balance) return null;
  const maximum = maximumUnits(channel.maxAmount, scale);
  const units = rescale(balance.units, balance.scale, scale, 'down');
  const all = maximum !== null && units > maximum ? maximum : units;
  return all > 0n ? formatDecimal(all, scale, { trimZeros: true }) : null;
}
