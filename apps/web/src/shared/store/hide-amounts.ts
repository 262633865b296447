import { create } from 'zustand';

/**
 * The "hide amounts" eye of the wallet and the asset summary (shared/widgets), remembered on this
 * device: one store, so hiding the figures in one place hides them everywhere.
 */
export const HIDE_AMOUNTS_STORAGE_KEY = 'walletHideAmounts';

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(HIDE_AMOUNTS_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export interface HideAmountsState {
  hidden: boolean;
  toggle: () => void;
}

export const useHideAmounts = create<HideAmountsState>()((set, get) => ({
  hidden: readHidden(),
  toggle: () => {
    const hidden = !get().hidden;
    try {
      if (hidden) window.localStorage.setItem(HIDE_AMOUNTS_STORAGE_KEY, '1');
      else window.localStorage.removeItem(HIDE_AMOUNTS_STORAGE_KEY);
    } catch {
      // Storage unavailable: the choice lasts for this visit.
    }
    set({ hidden });
  },
}));

/** What a hidden amount shows. */
export const HIDDEN_AMOUNT = '****';
