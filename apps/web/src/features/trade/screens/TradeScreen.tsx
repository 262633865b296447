import type { TickerInfo } from '@kestrel/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { productDisplayCode, productDisplayName } from '../../../shared/display/product-name';
import { PATHS } from '../../../shared/paths';
import { tickerTopic } from '../../../shared/realtime/topics';
import { useTopic } from '../../../shared/realtime/use-topic';
import { useSelectedProductStore } from '../../../shared/store/selected-product';
import { useSettingsStore } from '../../../shared/store/settings';
import { ChangeRate } from '../../../shared/ui/ChangeRate';
import { ComingSoonPanel } from '../../../shared/ui/ComingSoonPanel';
import { PriceText } from '../../../shared/ui/PriceText';
import { ProductIcon } from '../../../shared/ui/ProductIcon';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { TickerStats } from '../components/TickerStats';
import './trade-screen.css';

/**
 * `/pages/quoteDetail/quoteDetail`: a placeholder trade tab. It follows the selected product's
 * `ticker:<code>` topic, which is how the real trade screen will get its live header.
 */
export default function TradeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((state) => state.locale);
  const product = useSelectedProductStore((state) => state.product);
  const [live, setLive] = useState<TickerInfo | null>(null);
  useTopic(product ? tickerTopic(product.productCode) : null, setLive);

  if (!product) {
    return (
      <div className="screen">
        <ComingSoonPanel title={t('trade.select_product')}>
          <Button color="primary" shape="rounded" onClick={() => navigate(PATHS.home)}>
            {t('tab.home')}
          </Button>
        </ComingSoonPanel>
      </div>
    );
  }

  const ticker = live?.ticker === product.productCode ? live : product.tickerInfo;
  return (
    <div className="screen">
      <div className="screen__body">
        <section className="card trade-head">
          <div className="trade-head__product">
            <ProductIcon src={product.productImg} productCode={product.productCode} size={40} />
            <div className="trade-head__names">
              <h1 className="trade-head__name">{productDisplayName(product, locale)}</h1>
              <span className="trade-head__code" dir="ltr">
                {productDisplayCode(product.productCode)}
              </span>
            </div>
            <SimulatedBadge simulated={product.simulated || ticker?.simulated} />
          </div>
          <div className="trade-head__price">
            <PriceText className="trade-head__now" value={ticker?.nowPrice} decimals={product.priceScale} flash />
            <ChangeRate rate={ticker?.changeRate} />
          </div>
          {ticker ? <TickerStats ticker={ticker} decimals={product.priceScale} /> : null}
        </section>
        <section className="card">
          <ComingSoonPanel>
            <p className="trade-note">{t('trade.coming_soon')}</p>
          </ComingSoonPanel>
        </section>
      </div>
    </div>
  );
}
