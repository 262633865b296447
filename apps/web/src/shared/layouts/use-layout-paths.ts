import { useOtherValuesStore } from '../platform/other-values';
import { homePathOf } from './layout-routes';

/**
 * The route "home" means now: the layout the operator chose (`app_home_layout`). ("Me" is only reached
 * through its tab, app/tabs.ts, which reads `app_me_layout` the same way.)
 */
export const useHomePath = (): string => useOtherValuesStore((state) => homePathOf(state.values));

/** The same, read once, for code that runs outside a render (after a load resolves). */
export const currentHomePath = (): string => homePathOf(useOtherValuesStore.getState().values);
