import { CONSTANTS, launch } from '@kestrel/contract/web';
import { create } from 'zustand';
import { call } from '../api/call';

/** SPEC §3 otherValue defaults, used until (or if never) the server's map arrives. */
export const OTHER_VALUE_DEFAULTS: Readonly<Record<string, string>> = {
  default_trade_currency_id: String(CONSTANTS.defaultTradeCurrencyId),
  default_transId: String(CONSTANTS.defaultTransId),
  app_decimal_no: String(CONSTANTS.displayDecimals),
};

export interface OtherValuesState {
  values: Readonly<Record<string, string>>;
  loaded: boolean;
  setValues: (values: Record<string, string>) => void;
}

/**
 * The otherValue settings map (app_decimal_no and friends). App state rather than server cache: every
 * price and amount on screen reads it synchronously, without a query observer per number.
 */
export const useOtherValuesStore = create<OtherValuesState>()((set) => ({
  values: OTHER_VALUE_DEFAULTS,
  loaded: false,
  setValues: (values) => set({ values: { ...OTHER_VALUE_DEFAULTS, ...values }, loaded: true }),
}));

let inFlight: Promise<void> | null = null;

/** Loads the map once; a failure keeps the defaults (the request layer has told the customer). */
export function loadOtherValues(): Promise<void> {
  inFlight ??= call(launch.otherValueList)
    .then((values) => useOtherValuesStore.getState().setValues(values))
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
