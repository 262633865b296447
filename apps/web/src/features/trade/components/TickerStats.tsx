import type { TickerInfo } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useDisplayRules } from '../../../shared/display/display-rules';
import { PriceText } from '../../../shared/ui/PriceText';
import { compactAmount } from '../format';

/** The day block: open, high, low, the previous close, volume and turnover. */
export function TickerStats({ ticker, decimals }: { ticker: TickerInfo; decimals: number }) {
  const { t } = useTranslation();
  const rules = useDisplayRules();
  const prices = [
    { key: 'open', label: t('market.open'), value: ticker.day.open },
    { key: 'high', label: t('market.high'), value: ticker.day.max },
    { key: 'low', label: t('market.low'), value: ticker.day.min },
    { key: 'prev_close', label: t('market.prev_close'), value: ticker.prevDay.close },
  ];
  const amounts = [
    { key: 'volume', label: t('market.volume'), value: ticker.day.volume },
    { key: 'turnover', label: t('market.turnover'), value: ticker.day.tradeAmount },
  ];
  return (
    <dl className="trade-stats k-instrument__stats">
      {prices.map((stat) => (
        <div className="trade-stats__item" key={stat.key} data-testid={`stat-${stat.key}`}>
          <dt>{stat.label}</dt>
          <dd>
            <PriceText value={stat.value} decimals={decimals} />
          </dd>
        </div>
      ))}
      {amounts.map((stat) => (
        <div className="trade-stats__item" key={stat.key} data-testid={`stat-${stat.key}`}>
          <dt>{stat.label}</dt>
          <dd className="numeric" dir="ltr">
            {compactAmount(stat.value, rules)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
