import { DEFAULT_DISPLAY_DECIMALS, formatAmount, maskBankCard, maskWalletAddress } from '@kestrel/domain';
import { useCallback, useMemo } from 'react';
import { isSwitchOn, useSwitchSetStore, type SwitchRow } from '../page-config/switch-set';
import { useOtherValuesStore } from '../platform/other-values';

/** The switches that change how numbers and identifiers are shown (SPEC §5, §6), by their stable keys. */
export const DISPLAY_SWITCH_KEYS = {
  thousandsFormatOff: 'amount_thousands_disabled',
  bankCardUnmasked: 'bank_card_unmasked',
  walletAddressUnmasked: 'wallet_address_unmasked',
  redUp: 'red_up',
} as const;

export interface DisplayRules {
  /** Thousands separators, unless the "no thousands format" switch is on. */
  thousands: boolean;
  /** app_decimal_no for amounts (prices use the product's own priceScale instead). */
  amountDecimals: number;
  bankCardUnmasked: boolean;
  walletAddressUnmasked: boolean;
  redUp: boolean;
}

export function displayRulesOf(
  switches: readonly SwitchRow[],
  otherValues: Readonly<Record<string, string>>,
): DisplayRules {
  const decimals = Number(otherValues.app_decimal_no);
  return {
    thousands: !isSwitchOn(switches, DISPLAY_SWITCH_KEYS.thousandsFormatOff),
    amountDecimals: Number.isInteger(decimals) && decimals >= 0 && decimals <= 12 ? decimals : DEFAULT_DISPLAY_DECIMALS,
    bankCardUnmasked: isSwitchOn(switches, DISPLAY_SWITCH_KEYS.bankCardUnmasked),
    walletAddressUnmasked: isSwitchOn(switches, DISPLAY_SWITCH_KEYS.walletAddressUnmasked),
    redUp: isSwitchOn(switches, DISPLAY_SWITCH_KEYS.redUp),
  };
}

export function useDisplayRules(): DisplayRules {
  const switches = useSwitchSetStore((state) => state.rows);
  const otherValues = useOtherValuesStore((state) => state.values);
  return useMemo(() => displayRulesOf(switches, otherValues), [switches, otherValues]);
}

/** What a number that cannot be shown looks like (missing, or not a decimal string). */
export const NO_VALUE = '--';

/** Formats a decimal string with the display rules; `decimals` overrides app_decimal_no (prices). */
export function formatWithRules(value: string | null | undefined, rules: DisplayRules, decimals?: number): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  try {
    return formatAmount(value, { decimals: decimals ?? rules.amountDecimals, thousands: rules.thousands });
  } catch {
    return NO_VALUE;
  }
}

export function useAmountFormat(): (value: string | null | undefined, decimals?: number) => string {
  const rules = useDisplayRules();
  return useCallback((value, decimals) => formatWithRules(value, rules, decimals), [rules]);
}

/** Bank cards and wallet addresses, masked unless the operator's switches say otherwise (SPEC §5). */
export function useMasking(): { bankCard: (number: string) => string; walletAddress: (address: string) => string } {
  const rules = useDisplayRules();
  return useMemo(
    () => ({
      bankCard: (number) => maskBankCard(number, { showUnmasked: rules.bankCardUnmasked }),
      walletAddress: (address) => maskWalletAddress(address, { maskingDisabled: rules.walletAddressUnmasked }),
    }),
    [rules],
  );
}
