import type { Product, TickerInfo } from '@kestrel/contract/web';
import { DownFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { productDisplayCode, productDisplayName } from '../../../shared/display/product-name';
import { directionOfChange } from '../../../shared/display/direction';
import { useSettingsStore } from '../../../shared/store/settings';
import { ChangeRate } from '../../../shared/ui/ChangeRate';
import { PriceText } from '../../../shared/ui/PriceText';
import { ProductIcon } from '../../../shared/ui/ProductIcon';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { WatchlistStar } from '../../../shared/watchlist/WatchlistStar';
import { TickerStats } from './TickerStats';

/** The product (tap to switch), its star, the big live price with change and rate, and the day block. */
export function TradeHeader({
  product,
  ticker,
  onSwitch,
}: {
  product: Product;
  ticker: TickerInfo | null;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const locale = useSettingsStore((state) => state.locale);
  const direction = directionOfChange(ticker?.changePrice);
  const sign = direction === 'rise' ? '+' : '';
  return (
    <section className="card trade-head">
      <div className="trade-head__product">
        <button
          type="button"
          className="k-instrument__switch"
          onClick={onSwitch}
          aria-haspopup="dialog"
          title={t('trade.switch_product')}
          data-testid="trade-switch"
        >
          <ProductIcon src={product.productImg} productCode={product.productCode} size={40} />
          <span className="trade-head__names">
            <span className="trade-head__name-row">
              <span className="trade-head__name" data-testid="trade-product-name">
                {productDisplayName(product, locale)}
              </span>
              <DownFill className="k-instrument__caret" />
            </span>
            <span className="trade-head__code" dir="ltr">
              {productDisplayCode(product.productCode)}
            </span>
          </span>
        </button>
        <WatchlistStar product={product} size="large" testId="watchlist-star" />
      </div>
      <div className="k-instrument__price">
        <PriceText
          className="k-instrument__last"
          value={ticker?.nowPrice}
          decimals={product.priceScale}
          flash
          tone={direction === 'flat' ? undefined : direction}
        />
        <span className="trade-head__change">
          <span className={`numeric ${direction}`} dir="ltr">
            {ticker ? sign : ''}
            <PriceText value={ticker?.changePrice} decimals={product.priceScale} />
          </span>
          <ChangeRate rate={ticker?.changeRate} />
        </span>
      </div>
      <div className="trade-head__tags">
        <SimulatedBadge simulated={product.simulated || ticker?.simulated} />
        {product.sessionOpen ? (
          <span className="trade-head__session trade-head__session--open">{t('market.session_open')}</span>
        ) : (
          <span className="trade-head__session">{t('market.session_closed')}</span>
        )}
      </div>
      {ticker ? <TickerStats ticker={ticker} decimals={product.priceScale} /> : null}
    </section>
  );
}
