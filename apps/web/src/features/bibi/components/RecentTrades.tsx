import { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '../../../shared/display/display-rules';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PriceText } from '../../../shared/ui/PriceText';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { formatClock } from '../lib/format';
import { MarketMakerBadge } from './MarketMakerBadge';

/** The pair's latest trades: time, price in the taker's side colour, size; the market maker's marked. */
export function RecentTrades({
  pair,
  trades,
  loading,
}: {
  pair: bibi.BibiPair;
  trades: readonly bibi.BibiTrade[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const amount = useAmountFormat();
  if (loading) return <SkeletonRows rows={4} />;
  if (trades.length === 0) return <EmptyState title={t('bibi.trades_empty')} />;
  return (
    <div className="bibi-trades" data-testid="recent-trades">
      <div className="bibi-trades__columns" aria-hidden="true">
        <span>{t('bibi.time')}</span>
        <span>{t('bibi.price_unit', { coin: pair.quoteCurrencyName })}</span>
        <span>{t('bibi.size_unit', { coin: pair.baseCurrencyName })}</span>
      </div>
      <ol className="bibi-trades__list">
        {trades.map((trade) => {
          const buy = trade.takerDirection === bibi.ORDER_DIRECTION.buy;
          return (
            <li key={trade.tradeId} className="bibi-trades__row" data-testid="trade-row">
              <span className="bibi-trades__time numeric" dir="ltr">
                {formatClock(trade.time)}
              </span>
              <span className="bibi-trades__price">
                <PriceText value={trade.price} decimals={pair.priceScale} tone={buy ? 'rise' : 'fall'} />
                {trade.marketMaker ? <MarketMakerBadge /> : null}
              </span>
              <span className="bibi-trades__size numeric" dir="ltr">
                {amount(trade.volume, pair.volumeScale)}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
