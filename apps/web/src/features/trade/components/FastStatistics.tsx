import { useTranslation } from 'react-i18next';
import { toneOf, useSignedMoneyText } from '../../../shared/trading/format';
import { useFastTradeStatistics } from '../api/fast-trade-statistics';

/**
 * The product's published fast-trade results over all customers (real money): orders won, lost and
 * tied, and what customers gained or lost in total. Published so nobody has to trust a payout claim.
 */
export function FastStatistics({ productCode }: { productCode: string }) {
  const { t } = useTranslation();
  const signed = useSignedMoneyText();
  const statistics = useFastTradeStatistics(productCode);
  if (!statistics.data) return null;
  const data = statistics.data;
  return (
    <section className="tf-stats" aria-label={t('trading.published_results')} data-testid="fast-statistics">
      <h3 className="tf-stats__title">{t('trading.published_results')}</h3>
      <dl className="tf-stats__grid">
        <div>
          <dt>{t('trading.orders_won')}</dt>
          <dd className="numeric">{data.ordersWon}</dd>
        </div>
        <div>
          <dt>{t('trading.orders_lost')}</dt>
          <dd className="numeric">{data.ordersLost}</dd>
        </div>
        <div>
          <dt>{t('trading.orders_tied')}</dt>
          <dd className="numeric">{data.ordersTied}</dd>
        </div>
        <div>
          <dt>{t('trading.win_rate')}</dt>
          <dd className="numeric" dir="ltr">
            {data.winRatePercent}%
          </dd>
        </div>
      </dl>
      <p className="tf-stats__net">
        {t('trading.customers_net')}{' '}
        <span className={`numeric ${toneOf(data.customersNetResult)}`} dir="ltr" data-testid="fast-customers-net">
          {signed(data.customersNetResult)} {data.currencyName}
        </span>
      </p>
    </section>
  );
}
