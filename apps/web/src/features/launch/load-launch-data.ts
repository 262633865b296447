import type { QueryClient } from '@tanstack/react-query';
import { loadLanguagePack } from '../../shared/i18n/language-pack';
import { loadSwitchSet } from '../../shared/page-config/switch-set';
import { siteInfoQuery } from '../../shared/platform/api/get-site-info';
import { orderFeeSettingsQuery } from '../../shared/platform/api/order-fee-setting-list';
import { platformCurrenciesQuery } from '../../shared/platform/api/platform-currency-list';
import { tipsQuery } from '../../shared/platform/api/text-lang-list';
import { loadOtherValues } from '../../shared/platform/other-values';
import { useSettingsStore } from '../../shared/store/settings';

/**
 * SPEC §4 "Launch": site info, the tips set, order fee settings, the current language pack and the
 * platform currencies, all at once. Also the switch set and the otherValue map, which decide how every
 * number is shown. Resolves true when the app can open home; false when a failure has already sent
 * the customer to the network-error or line page (SPEC §8).
 *
 * Site info, tips, fees and currencies are prefetched into the query cache: if one fails the request
 * layer has told the customer, and the screen that needs it will ask again.
 */
export async function loadLaunchData(queryClient: QueryClient): Promise<boolean> {
  const locale = useSettingsStore.getState().locale;
  const [packLoaded, switchesLoaded] = await Promise.all([
    loadLanguagePack(locale),
    loadSwitchSet().then(
      () => true,
      () => false,
    ),
    queryClient.prefetchQuery(siteInfoQuery()),
    queryClient.prefetchQuery(tipsQuery()),
    queryClient.prefetchQuery(orderFeeSettingsQuery()),
    queryClient.prefetchQuery(platformCurrenciesQuery()),
    loadOtherValues(),
  ]);
  return packLoaded && switchesLoaded;
}
