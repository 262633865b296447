import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { useLiveTickers } from '../../../shared/realtime/live-tickers';
import { useIsLoggedIn } from '../../../shared/store/session';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { useOpenProduct } from '../../../shared/use-open-product';
import { useHomeRecommendProducts } from '../api/home-recommend-products-list';
import { usePopUp } from '../api/pop-up-list';
import { HomeBanners } from '../components/HomeBanners';
import { HomeHeader } from '../components/HomeHeader';
import { HomeQuotes } from '../components/HomeQuotes';
import { NoticeBar } from '../components/NoticeBar';
import { QuickEntries } from '../components/QuickEntries';
import { markPopUpSeen, wasPopUpSeen } from '../pop-up-seen';
import './home-screen.css';

// The pop-up is rare and dismissed once a session: its code loads only when there is one to show.
const NoticePopup = lazy(() => import('../components/NoticePopup'));
// The spec's m-news sits below the quotes, out of the first paint: its code loads after the screen.
const NewsWidget = lazy(() =>
  import('../../../shared/widgets/NewsWidget').then((module) => ({ default: module.NewsWidget })),
);
/** Notices the home news strip shows; "All" opens the notify list. */
const HOME_NEWS_COUNT = 3;

/**
 * `/pages/tabs/home/home-d`: the brand header with the unread dot, the pop-up notice, a banner, the
 * rotating tips, quick entries from page config, the recommended products with the two rankings,
 * all with live prices, and the latest platform notices (m-news).
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteInfo = useSiteInfo();
  const loggedIn = useIsLoggedIn();
  const recommendations = useHomeRecommendProducts();
  const products = useLiveTickers(recommendations.data);
  const selectDefault = useSelectedProductStore((state) => state.selectDefault);
  const open = useOpenProduct();
  const popUp = usePopUp();
  const [popUpOpen, setPopUpOpen] = useState(false);

  // SPEC §3: the first quote is the default selected product.
  const first = recommendations.data?.[0];
  useEffect(() => {
    if (first) selectDefault(first);
  }, [first, selectDefault]);

  // The pop-up shows once per session: seen as soon as it is shown.
  const popUpRow = popUp.data;
  useEffect(() => {
    if (popUpRow && !wasPopUpSeen(popUpRow.id)) {
      markPopUpSeen(popUpRow.id);
      setPopUpOpen(true);
    }
  }, [popUpRow]);

  return (
    <div className="screen home-screen">
      <HomeHeader />
      <Refreshable onRefresh={() => Promise.all([recommendations.refetch(), siteInfo.refetch()])}>
        <div className="screen__body home-screen__body">
          <section className="home-banner">
            <h1 className="home-banner__title">{t('home.welcome')}</h1>
            <p className="home-banner__text" dir="auto">
              {siteInfo.data?.description ?? t('home.banner_text')}
            </p>
            {loggedIn ? null : (
              <div className="home-banner__actions">
                <button type="button" className="home-banner__cta" onClick={() => navigate(PATHS.login)}>
                  {t('auth.login')}
                </button>
                <button
                  type="button"
                  className="home-banner__cta home-banner__cta--ghost"
                  onClick={() => navigate(PATHS.register)}
                >
                  {t('auth.register')}
                </button>
              </div>
            )}
          </section>
          <HomeBanners />
          <NoticeBar />
          <QuickEntries />
          <HomeQuotes
            products={products}
            loading={recommendations.isPending}
            failed={recommendations.isError}
            onRetry={() => void recommendations.refetch()}
            onOpen={open}
          />
          <Suspense fallback={null}>
            <NewsWidget count={HOME_NEWS_COUNT} />
          </Suspense>
        </div>
      </Refreshable>
      {popUpOpen && popUpRow ? (
        <Suspense fallback={null}>
          <NoticePopup popUp={popUpRow} onClose={() => setPopUpOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
