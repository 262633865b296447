import type { MessageKey } from '@kestrel/contract/web';
import { homePathOf, mePathOf } from '../shared/layouts/layout-routes';
import { PATHS } from '../shared/paths';

/** SPEC §2 tab bar: five tabs, in this order. */
export type TabId = 'home' | 'markets' | 'trade' | 'wallet' | 'me';

export interface TabDefinition {
  id: TabId;
  /** The spec's route of the tab (home-d, me-d for the two tabs with alternative layouts). */
  path: string;
  labelKey: MessageKey;
}

export const TABS: readonly TabDefinition[] = [
  { id: 'home', path: PATHS.home, labelKey: 'tab.home' },
  { id: 'markets', path: PATHS.markets, labelKey: 'tab.markets' },
  { id: 'trade', path: PATHS.trade, labelKey: 'tab.trade' },
  { id: 'wallet', path: PATHS.wallet, labelKey: 'tab.wallet' },
  { id: 'me', path: PATHS.me, labelKey: 'tab.me' },
];

/**
 * Where a tab leads: Home and Me open the layout the operator chose with the otherValue settings
 * `app_home_layout` and `app_me_layout` (an unknown or missing name opens home-d / me-d); the other
 * tabs their route.
 */
export function tabTarget(tab: TabDefinition, otherValues: Readonly<Record<string, string>>): string {
  if (tab.id === 'home') return homePathOf(otherValues);
  if (tab.id === 'me') return mePathOf(otherValues);
  return tab.path;
}
