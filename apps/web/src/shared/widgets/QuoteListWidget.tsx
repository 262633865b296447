import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQuoteList } from '../market/api/quote-list';
import { QUOTE_MARKETS, type MarketIndex } from '../market/quote-lists';
import { PATHS } from '../paths';
import { useLiveTickers } from '../realtime/live-tickers';
import { EmptyState } from '../ui/EmptyState';
import { ListState } from '../ui/ListState';
import { LoadFailed } from '../ui/LoadFailed';
import { QuoteRow } from '../ui/QuoteRow';
import { SimulatedBadge } from '../ui/SimulatedBadge';
import { SkeletonRows } from '../ui/Skeleton';
import { TabStrip } from '../ui/TabStrip';
import { useOpenProduct } from '../use-open-product';
import './widgets.css';

/**
 * The spec's m-quolist: the four markets' quote lists as tabs, with live prices from the `tickers`
 * topic and the simulated-data label while prices come from the simulator. A tap opens the product on
 * the trade tab (and makes it the selected product), as home does.
 *
 * `limit` shows only the first rows and a link to the markets tab (a layout's quote strip); without
 * it the list pages on ("load more"), as on its own route.
 */
export function QuoteListWidget({ limit, initialMarket = 1 }: { limit?: number; initialMarket?: MarketIndex }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [market, setMarket] = useState<MarketIndex>(initialMarket);
  return (
    <section className="card k-widget k-quotes" data-testid="widget-quotes">
      <div className="k-widget__head">
        <TabStrip
          className="k-quotes__tabs"
          tabClassName="k-tab k-quotes__tab"
          label={t('tab.markets')}
          tabs={QUOTE_MARKETS.map((entry) => ({
            id: entry.index,
            label: t(entry.labelKey),
            testId: `widget-quotes-tab-${entry.index}`,
          }))}
          value={market}
          onChange={setMarket}
        />
      </div>
      <MarketRows key={market} market={market} limit={limit} />
      {limit !== undefined ? (
        <button
          type="button"
          className="card__more"
          onClick={() => navigate(market === 0 ? PATHS.markets : `${PATHS.markets}?tab=${market}`)}
        >
          {t('widget.all_quotes')}
        </button>
      ) : null}
    </section>
  );
}

function MarketRows({ market, limit }: { market: MarketIndex; limit?: number }) {
  const { t } = useTranslation();
  const query = useQuoteList(market);
  const loaded = query.data?.rows;
  const products = useLiveTickers(limit === undefined ? loaded : loaded?.slice(0, limit));
  const open = useOpenProduct();

  if (query.isPending) return <SkeletonRows rows={limit ?? 8} />;
  if (query.isError && products.length === 0) {
    return <LoadFailed description={t('common.load_failed_hint')} onRetry={() => void query.refetch()} />;
  }
  if (products.length === 0) return <EmptyState />;
  return (
    <div role="tabpanel">
      <div className="k-quotes__columns">
        <span className="k-quotes__column-name">
          <span aria-hidden="true">{t('market.name')}</span>
          <SimulatedBadge simulated={products.some((product) => product.simulated)} className="k-quotes__simulated" />
        </span>
        <span aria-hidden="true">{t('market.price')}</span>
        <span className="k-quotes__column-change" aria-hidden="true">
          {t('market.change')}
        </span>
      </div>
      {products.map((product) => (
        <QuoteRow key={product.productCode} product={product} onOpen={open} />
      ))}
      {limit === undefined ? <ListState state={query.listState} onLoadMore={() => void query.loadMore()} /> : null}
    </div>
  );
}
