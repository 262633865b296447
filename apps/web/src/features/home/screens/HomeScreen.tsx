import type { Product } from '@kestrel/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { useTip } from '../../../shared/platform/api/text-lang-list';
import { useLiveTickers } from '../../../shared/realtime/live-tickers';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useHomeRecommendProducts } from '../api/home-recommend-products-list';
import { QuoteRow } from '../components/QuoteRow';
import './home-screen.css';

/**
 * `/pages/tabs/home/home-d`: a placeholder home that already shows the foundation at work (an
 * endpoint hook, a live quote list, the simulated-data label, pull to refresh). The full home screen
 * replaces it.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteInfo = useSiteInfo();
  const simulatedTip = useTip('simulated_market');
  const recommendations = useHomeRecommendProducts();
  const products = useLiveTickers(recommendations.data);
  const select = useSelectedProductStore((state) => state.select);
  const selectDefault = useSelectedProductStore((state) => state.selectDefault);

  // SPEC §3: the first quote is the default selected product.
  const first = recommendations.data?.[0];
  useEffect(() => {
    if (first) selectDefault(first);
  }, [first, selectDefault]);

  // SPEC §4: jumping to a product saves it and switches to the trade tab.
  const open = (product: Product) => {
    select(product);
    navigate(PATHS.trade);
  };

  return (
    <div className="screen home-screen">
      <header className="home-header">
        <img src="/logo.svg" alt="" width={32} height={32} className="home-header__logo" />
        <span className="home-header__name">{siteInfo.data?.siteName ?? 'Kestrel'}</span>
        <SimulatedBadge simulated={siteInfo.data?.simulatedMarket} />
      </header>
      <Refreshable onRefresh={() => recommendations.refetch()}>
        <div className="screen__body">
          <section className="home-welcome">
            <h1 className="home-welcome__title">{t('home.welcome')}</h1>
            {simulatedTip ? (
              <p className="home-welcome__tip" dir="auto">
                {simulatedTip.content}
              </p>
            ) : null}
          </section>
          <section className="card">
            <div className="home-list__head">
              <h2 className="card__title home-list__title">{t('home.recommended')}</h2>
              <SimulatedBadge simulated={products.some((product) => product.simulated)} />
            </div>
            {recommendations.isPending ? (
              <SkeletonRows rows={6} />
            ) : products.length === 0 ? (
              <EmptyState />
            ) : (
              <div className="home-list">
                {products.map((product) => (
                  <QuoteRow key={product.productCode} product={product} onOpen={open} />
                ))}
              </div>
            )}
          </section>
        </div>
      </Refreshable>
    </div>
  );
}
