import { create } from 'zustand';

/**
 * The wallet's "Show zero balances" switch, remembered on this device. Off by default: a list of
 * fifteen 0.00 rows hides the few currencies the customer actually holds.
 */
export const SHOW_ZERO_BALANCES_STORAGE_KEY = 'walletShowZeroBalances';

function readShown(): boolean {
  try {
    return window.localStorage.getItem(SHOW_ZERO_BALANCES_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export interface ZeroBalancesState {
  shown: boolean;
  toggle: () => void;
}

export const useZeroBalances = create<ZeroBalancesState>()((set, get) => ({
  shown: readShown(),
  toggle: () => {
    const shown = !get().shown;
    try {
      if (shown) window.localStorage.setItem(SHOW_ZERO_BALANCES_STORAGE_KEY, '1');
      else window.localStorage.removeItem(SHOW_ZERO_BALANCES_STORAGE_KEY);
    } catch {
      // Storage unavailable: the choice lasts for this visit.
    }
    set({ shown });
  },
}));

/** The balance fields that make a currency "held": available, frozen or in margin. */
export interface HeldAmounts {
  userAmt: string;
  frozenAmount: string;
  marginAmount: string;
}

/** Whether the customer holds any of this currency (a digit other than 0 in any of its amounts). */
export function holdsAny(row: HeldAmounts): boolean {
  return [row.userAmt, row.frozenAmount, row.marginAmount].some((amount) => /[1-9]/.test(amount));
}
