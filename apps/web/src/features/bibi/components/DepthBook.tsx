import type { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '../../../shared/display/display-rules';
import { PriceText } from '../../../shared/ui/PriceText';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { DepthRow, DepthView } from '../lib/depth-book';
import { MarketMakerBadge } from './MarketMakerBadge';

/**
 * The order book: up to SHOWN_LEVELS per side (live/use-depth-book.ts), asks above (best nearest the middle), the spread and last price in the middle, bids
 * below; each level with its price, size and cumulative size over a depth bar. Tapping a level hands its
 * price to the limit form.
 */
export function DepthBook({
  pair,
  view,
  loading,
  failed,
  onRetry,
  lastPrice,
  lastDirection,
  onPick,
}: {
  pair: bibi.BibiPair;
  view: DepthView;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  lastPrice: string | null;
  lastDirection: 'rise' | 'fall' | 'flat';
  onPick: (price: string, side: 'bid' | 'ask') => void;
}) {
  const { t } = useTranslation();
  const asks = [...view.asks].reverse();
  const empty = !loading && view.asks.length === 0 && view.bids.length === 0;

  return (
    <section className="card bibi-book" aria-labelledby="bibi-book-title" data-testid="depth-book">
      <div className="bibi-card-head">
        <h2 id="bibi-book-title" className="bibi-card-title">
          {t('bibi.order_book')}
        </h2>
      </div>
      <div className="bibi-book__columns" aria-hidden="true">
        <span>{t('bibi.price_unit', { coin: pair.quoteCurrencyName })}</span>
        <span>{t('bibi.size_unit', { coin: pair.baseCurrencyName })}</span>
        <span>{t('bibi.total_unit', { coin: pair.baseCurrencyName })}</span>
      </div>
      {loading ? (
        <div className="bibi-book__skeleton" aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height={14} />
          ))}
        </div>
      ) : failed ? (
        <div className="bibi-book__failed" role="alert">
          <p>{t('common.load_failed')}</p>
          <button type="button" className="k-button k-button--soft" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          <ol className="bibi-book__side bibi-book__side--asks" data-testid="depth-asks">
            {asks.length === 0 && !empty ? <li className="bibi-book__none">{t('bibi.no_asks')}</li> : null}
            {asks.map((row) => (
              <Level key={row.price} row={row} pair={pair} side="ask" onPick={onPick} />
            ))}
          </ol>
          <div className="bibi-book__middle" data-testid="depth-middle">
            {lastPrice !== null ? (
              <PriceText
                className="bibi-book__last"
                value={lastPrice}
                decimals={pair.priceScale}
                tone={lastDirection === 'flat' ? undefined : lastDirection}
              />
            ) : (
              <span className="bibi-book__no-trade">{t('bibi.trades_empty')}</span>
            )}
            <span className="bibi-book__spread">
              {t('bibi.spread')} <PriceText value={view.spread} decimals={pair.priceScale} />
            </span>
          </div>
          {empty ? <p className="bibi-book__empty">{t('bibi.book_empty')}</p> : null}
          <ol className="bibi-book__side bibi-book__side--bids" data-testid="depth-bids">
            {view.bids.map((row) => (
              <Level key={row.price} row={row} pair={pair} side="bid" onPick={onPick} />
            ))}
            {view.bids.length === 0 && !empty ? <li className="bibi-book__none">{t('bibi.no_bids')}</li> : null}
          </ol>
        </>
      )}
    </section>
  );
}

function Level({
  row,
  pair,
  side,
  onPick,
}: {
  row: DepthRow;
  pair: bibi.BibiPair;
  side: 'bid' | 'ask';
  onPick: (price: string, side: 'bid' | 'ask') => void;
}) {
  const { t } = useTranslation();
  const amount = useAmountFormat();
  return (
    <li className={`bibi-level bibi-level--${side}`}>
      <button
        type="button"
        className="bibi-level__button"
        onClick={() => onPick(row.price, side)}
        aria-label={t('bibi.use_price', { price: row.price })}
        data-testid={`depth-${side}`}
        data-price={row.price}
      >
        <span className="bibi-level__bar" style={{ width: `${row.barPercent}%` }} aria-hidden="true" />
        <span className="bibi-level__price">
          <PriceText value={row.price} decimals={pair.priceScale} className={side === 'bid' ? 'rise' : 'fall'} />
          {row.marketMaker ? <MarketMakerBadge /> : null}
        </span>
        <span className="bibi-level__size numeric" dir="ltr">
          {amount(row.volume, pair.volumeScale)}
        </span>
        <span className="bibi-level__total numeric" dir="ltr">
          {amount(row.cumulative, pair.volumeScale)}
        </span>
      </button>
    </li>
  );
}
