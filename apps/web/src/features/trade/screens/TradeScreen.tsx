import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AfterPaint } from '../../../shared/lazy/AfterPaint';
import { PATHS } from '../../../shared/paths';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Skeleton, SkeletonRows } from '../../../shared/ui/Skeleton';
import { ExpandIcon } from '../components/ExpandIcon';
import { IntervalChips } from '../components/IntervalChips';
import { KlineChart } from '../components/KlineChart';
import { TradeHeader } from '../components/TradeHeader';
import { useChartView } from '../chart-view';
import { useLiveTicker } from '../use-live-ticker';
import { useTradeProduct } from '../use-trade-product';
import '../i18n-english';
import '../../../shared/trading/i18n-english';
import './trade-screen.css';

// Below the header and chart, or shown only on request: each is a chunk of its own, loaded once the
// header has painted or when asked for, so the header's code and data are all its first paint waits for.
const TradeArea = lazy(() => import('../components/TradeArea'));
const ProductSwitcher = lazy(() =>
  import('../components/ProductSwitcher').then((module) => ({ default: module.ProductSwitcher })),
);

/**
 * `/pages/quoteDetail/quoteDetail`: the selected product (the first home quote by default) with its
 * live header and day block, the k-line chart with intervals and a full-screen view, a product
 * switcher, the order forms of the modes the product offers, and the customer's trades in it.
 */
export default function TradeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { product, pending, missing, retry } = useTradeProduct();
  const ticker = useLiveTicker(product);
  const select = useSelectedProductStore((state) => state.select);
  const [view, setView] = useChartView();
  const [switching, setSwitching] = useState(false);
  const [switcherWanted, setSwitcherWanted] = useState(false);

  if (pending) return <TradeSkeleton />;
  if (missing || !product) {
    return (
      <div className="screen">
        <h1 className="visually-hidden">{t('tab.trade')}</h1>
        <div className="screen__body">
          <section className="card">
            <EmptyState
              title={t('trade.select_product')}
              action={
                <div className="trade-actions">
                  <button type="button" className="k-button k-button--primary" onClick={() => navigate(PATHS.markets)}>
                    {t('market.browse_markets')}
                  </button>
                  <button type="button" className="k-button k-button--soft" onClick={retry}>
                    {t('common.retry')}
                  </button>
                </div>
              }
            />
          </section>
        </div>
      </div>
    );
  }

  return (
    <div className="screen trade-screen">
      {/* The screen's title for assistive technology: the design shows the product, not a title. */}
      <h1 className="visually-hidden">{t('tab.trade')}</h1>
      <div className="screen__body">
        <TradeHeader
          product={product}
          ticker={ticker}
          onSwitch={() => {
            setSwitcherWanted(true);
            setSwitching(true);
          }}
        />
        <section className="card trade-chart">
          <div className="trade-chart__bar">
            <IntervalChips view={view} onChange={setView} />
            <button
              type="button"
              className="k-icon-button trade-chart__full"
              onClick={() => navigate('/pages/quoteDetail/klinePage')}
              aria-label={t('kline.fullscreen')}
              data-testid="kline-fullscreen"
            >
              <ExpandIcon />
            </button>
          </div>
          <KlineChart
            key={product.productCode}
            product={product}
            interval={view.interval}
            mode={view.mode}
            className="trade-chart__chart"
          />
        </section>
        <AfterPaint placeholder={<TradeAreaSkeleton />}>
          <Suspense fallback={<TradeAreaSkeleton />}>
            <TradeArea product={product} price={ticker?.nowPrice} />
          </Suspense>
        </AfterPaint>
      </div>
      {/* Mounted from the first request on, so it stays mounted (and animates) when closed again. */}
      {switcherWanted ? (
        <Suspense fallback={null}>
          <ProductSwitcher
            visible={switching}
            current={product.productCode}
            onClose={() => setSwitching(false)}
            onSelect={(next) => {
              select(next);
              setSwitching(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Where the forms will be while their code loads: the mode switch and a form's first rows. */
function TradeAreaSkeleton() {
  return (
    <section className="card trade-area-loading" aria-busy="true">
      <Skeleton height={44} radius={12} />
      <Skeleton height={58} radius={12} />
      <Skeleton height={120} radius={12} />
    </section>
  );
}

function TradeSkeleton() {
  return (
    <div className="screen">
      <div className="screen__body" aria-busy="true">
        <section className="card trade-head">
          <div className="trade-head__product">
            <Skeleton width={40} height={40} radius={20} />
            <Skeleton width="40%" height={18} />
          </div>
          <Skeleton width="55%" height={34} style={{ marginTop: 16 }} />
          <SkeletonRows rows={2} />
        </section>
        <section className="card">
          <Skeleton height={300} radius={0} />
        </section>
      </div>
    </div>
  );
}
