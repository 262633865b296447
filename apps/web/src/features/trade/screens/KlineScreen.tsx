import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { productDisplayCode, productDisplayName } from '../../../shared/display/product-name';
import { directionOfChange } from '../../../shared/display/direction';
import { PATHS } from '../../../shared/paths';
import { useSettingsStore } from '../../../shared/store/settings';
import { ChangeRate } from '../../../shared/ui/ChangeRate';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { BackButton } from '../../../shared/ui/PageHeader';
import { PriceText } from '../../../shared/ui/PriceText';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { useChartView } from '../chart-view';
import { IntervalChips } from '../components/IntervalChips';
import { KlineChart } from '../components/KlineChart';
import { useLiveTicker } from '../use-live-ticker';
import { useTradeProduct } from '../use-trade-product';
import '../i18n-english';
import './trade-screen.css';

/**
 * `/pages/quoteDetail/klinePage`: the selected product's chart on the whole screen (landscape
 * friendly: the chart takes whatever height is left), with the interval chips and a way back.
 */
export default function KlineScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((state) => state.locale);
  const { product, pending } = useTradeProduct();
  const ticker = useLiveTicker(product);
  const [view, setView] = useChartView();
  const direction = directionOfChange(ticker?.changeRate);

  return (
    <div className="kline-screen">
      <header className="kline-screen__top">
        <BackButton fallback={PATHS.trade} />
        {product ? (
          <div className="kline-screen__product">
            <span className="kline-screen__name">{productDisplayName(product, locale)}</span>
            <span className="kline-screen__meta">
              <span className="kline-screen__code" dir="ltr">
                {productDisplayCode(product.productCode)}
              </span>
              <SimulatedBadge simulated={product.simulated} />
            </span>
          </div>
        ) : (
          <div className="kline-screen__product" />
        )}
        {product ? (
          <div className="kline-screen__quote">
            <PriceText
              className="kline-screen__price"
              value={ticker?.nowPrice}
              decimals={product.priceScale}
              tone={direction === 'flat' ? undefined : direction}
              flash
            />
            <ChangeRate rate={ticker?.changeRate} />
          </div>
        ) : null}
      </header>
      <div className="kline-screen__bar">
        <IntervalChips view={view} onChange={setView} />
      </div>
      {product ? (
        <KlineChart
          key={product.productCode}
          product={product}
          interval={view.interval}
          mode={view.mode}
          className="kline-screen__chart"
        />
      ) : pending ? (
        <div className="kline-screen__chart kline-chart">
          <div className="kline-chart__overlay" role="status">
            <span className="spinner" aria-hidden="true" />
          </div>
        </div>
      ) : (
        <EmptyState
          title={t('trade.select_product')}
          action={
            <button type="button" className="k-button k-button--primary" onClick={() => navigate(PATHS.markets)}>
              {t('market.browse_markets')}
            </button>
          }
        />
      )}
    </div>
  );
}
