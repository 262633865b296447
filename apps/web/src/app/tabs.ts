import type { MessageKey } from '@kestrel/contract/web';
import { PATHS } from '../shared/paths';

/** SPEC §2 tab bar: five tabs, in this order. */
export type TabId = 'home' | 'markets' | 'trade' | 'wallet' | 'me';

export interface TabDefinition {
  id: TabId;
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
