import type { Product } from '@kestrel/contract/web';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { productDisplayCode, productDisplayName } from '../display/product-name';
import { useSettingsStore } from '../store/settings';
import { ChangeRate } from './ChangeRate';
import { PriceText } from './PriceText';
import { ProductIcon } from './ProductIcon';
import './quote-row.css';

/**
 * One quote: icon, name and code (with a "closed" tag outside the trading session), live price
 * (flashing on change) and the day's change. `trailing` sits after the row's button (a watchlist
 * star, a remove button), so no button is nested in another. Memoized: when a live list refreshes,
 * only the rows whose product changed draw again (shared/realtime/live-tickers.ts keeps the others).
 */
export const QuoteRow = memo(function QuoteRow({
  product,
  onOpen,
  trailing,
  rank,
}: {
  product: Product;
  onOpen: (product: Product) => void;
  trailing?: ReactNode;
  /** A position in a ranking, shown before the icon. */
  rank?: number;
}) {
  const { t } = useTranslation();
  const locale = useSettingsStore((state) => state.locale);
  const ticker = product.tickerInfo;
  const code = product.productCode;
  return (
    <div className="quote-row" data-testid={`quote-row-${code}`}>
      <button type="button" className="quote-row__open" onClick={() => onOpen(product)}>
        {rank === undefined ? null : (
          <span className={`quote-row__rank numeric${rank <= 3 ? ' quote-row__rank--top' : ''}`}>{rank}</span>
        )}
        <ProductIcon src={product.productImg} productCode={code} size={34} />
        <span className="quote-row__names">
          <span className="quote-row__name">{productDisplayName(product, locale)}</span>
          <span className="quote-row__code" dir="ltr">
            {productDisplayCode(code)}
          </span>
        </span>
        <span className="quote-row__quote">
          <span className="quote-row__price" data-testid={`price-${code}`}>
            <PriceText value={ticker?.nowPrice} decimals={product.priceScale} flash />
          </span>
          {product.sessionOpen ? null : (
            <span className="quote-row__closed" title={t('market.session_closed')}>
              {t('market.closed')}
            </span>
          )}
        </span>
        <ChangeRate rate={ticker?.changeRate} variant="pill" />
      </button>
      {trailing}
    </div>
  );
});
