import type { QueryClient } from '@tanstack/react-query';
import { pageConfigQuery } from '../../shared/page-config/use-page-config';
import { PATHS } from '../../shared/paths';
import { tipsQuery } from '../../shared/platform/api/text-lang-list';
import { bannerListQuery } from './api/banner-list';
import { homeRecommendProductsQuery } from './api/home-recommend-products-list';
import { popUpQuery } from './api/pop-up-list';
import { anyPopUpSeen } from './pop-up-seen';

/** The pop-up's code (NoticePopup.tsx): PopUpNotice loads it through here too, so both share one load. */
export const loadNoticePopup = () => import('./components/NoticePopup');

/**
 * What home's first screen draws from, requested when the app opens on a home route, beside the
 * screen's own code rather than after it has arrived and rendered: on a slow line that was two round
 * trips more before the quotes, banners and pop-up could show. The queries are the screen's own
 * (same keys), so the screen finds them answered or on the way.
 */
export function prefetchHome(queryClient: QueryClient): void {
  // Failures are the screen's to show: its own query asks again when it mounts.
  void queryClient.prefetchQuery(bannerListQuery());
  void queryClient.prefetchQuery(popUpQuery());
  void queryClient.prefetchQuery(homeRecommendProductsQuery());
  void queryClient.prefetchQuery(tipsQuery());
  void queryClient.prefetchQuery(pageConfigQuery(PATHS.home));
  if (!anyPopUpSeen()) void loadNoticePopup().catch(() => undefined);
}
