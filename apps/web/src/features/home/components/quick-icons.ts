import type { Tint } from '../../../shared/ui/tint';

/** Tint per quick-entry icon name (the page-config `icon`); theme tokens, so right in dark mode too. */
export const QUICK_TINTS: Record<string, Tint> = {
  markets: 'brand',
  deposit: 'green',
  withdraw: 'amber',
  favorite: 'amber',
  service: 'indigo',
};
