import type { TickerInfo } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { PriceText } from '../../../shared/ui/PriceText';

/** The day's open, high, low and the previous close. */
export function TickerStats({ ticker, decimals }: { ticker: TickerInfo; decimals: number }) {
  const { t } = useTranslation();
  const stats = [
    { label: t('market.open'), value: ticker.day.open },
    { label: t('market.high'), value: ticker.day.max },
    { label: t('market.low'), value: ticker.day.min },
    { label: t('market.prev_close'), value: ticker.prevDay.close },
  ];
  return (
    <dl className="trade-stats">
      {stats.map((stat) => (
        <div className="trade-stats__item" key={stat.label}>
          <dt>{stat.label}</dt>
          <dd>
            <PriceText value={stat.value} decimals={decimals} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
