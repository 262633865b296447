import { operatorSettings } from '@kestrel/contract';
import { parseOpenHours } from '@kestrel/domain';
import type { z } from 'zod';
import { refuse } from '../../core/errors';
import { isValidWalletAddress } from '../../core/wallet-address-format';
import { checkedDecimal, checkMinNotAboveMax, checkPlainText } from './setting-rules';

type RechargeSave = z.output<typeof operatorSettings.operatorRechargeChannelSave.body>;
type WithdrawSave = z.output<typeof operatorSettings.operatorWithdrawChannelSave.body>;

/** channel_type of a deposit channel. */
const CHANNEL_TYPE = { bank: 0, crypto: 1, demo: 2 } as const;

export interface ChannelCurrency {
  scale: number;
  /** The platform currency's networks, "/"-separated (ERC20/TRC20). */
  walletAddressType: string;
}

/** Amount bounds at the currency's scale, each above zero, the minimum not above the maximum. */
function checkedBounds(input: { minAmount: string; maxAmount: string }, scale: number) {
  const bounds = { decimals: scale, positive: true };
  const minAmount = checkedDecimal('minAmount', input.minAmount, bounds);
  const maxAmount = checkedDecimal('maxAmount', input.maxAmount, bounds);
  checkMinNotAboveMax('minAmount', minAmount, maxAmount);
  return { min_amount: minAmount, max_amount: maxAmount };
}

/**
 * The payee of a deposit channel: a crypto channel names one of its currency's networks and an address
 * of that network (checksums verified where the network defines one); a bank channel publishes its
 * account details as plain text; the demo channel pays no one. A visible crypto or bank channel needs
 * a payee, so customers are never shown a channel with nowhere to send money.
 */
function checkedPayee(input: RechargeSave, channelType: number, currency: ChannelCurrency) {
  const address = input.payeeAddress;
  if (channelType === CHANNEL_TYPE.crypto) {
    const networks = currency.walletAddressType.split('/').filter((network) => network !== '');
    if (!networks.includes(input.network)) refuse('error.setting_value_invalid', { field: 'network' });
    if (address === '' && input.isVisible === 1) refuse('error.required', { field: 'payeeAddress' });
    if (address !== '' && !isValidWalletAddress(input.network, address)) {
      refuse('error.payee_address_invalid', { network: input.network });
    }
    return { network: input.network, payee_address: address };
  }
  if (input.network !== '') refuse('error.setting_value_invalid', { field: 'network' });
  if (channelType === CHANNEL_TYPE.demo) {
    if (address !== '') refuse('error.setting_value_invalid', { field: 'payeeAddress' });
    return { network: '', payee_address: '' };
  }
  if (address === '' && input.isVisible === 1) refuse('error.required', { field: 'payeeAddress' });
  return { network: '', payee_address: checkPlainText('payeeAddress', address) };
}

export function checkedRechargeChannel(input: RechargeSave, channelType: number, currency: ChannelCurrency) {
  return {
    ...checkedPayee(input, channelType, currency),
    ...checkedBounds(input, currency.scale),
    instructions: checkPlainText('instructions', input.instructions),
    is_visible: input.isVisible,
    sort: input.sort,
  };
}

export function checkedWithdrawChannel(input: WithdrawSave, currency: ChannelCurrency) {
  if (!parseOpenHours(input.openHours)) refuse('error.setting_value_invalid', { field: 'openHours' });
  return {
    ...checkedBounds(input, currency.scale),
    fee_rate: checkedDecimal('feeRate', input.feeRate, {
      decimals: operatorSettings.FEE_RATE_DECIMALS_MAX,
      min: '0',
      max: operatorSettings.FEE_RATE_MAX,
    }),
    fee_fixed: checkedDecimal('feeFixed', input.feeFixed, { decimals: currency.scale, min: '0' }),
    daily_count: input.dailyCount,
    open_hours: input.openHours,
    is_visible: input.isVisible,
    sort: input.sort,
  };
}
