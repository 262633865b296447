import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuoteSearch } from '../../../shared/market/api/quote-list';
import { useLiveTickers } from '../../../shared/realtime/live-tickers';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { BackButton } from '../../../shared/ui/PageHeader';
import { QuoteRow } from '../../../shared/ui/QuoteRow';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { useOpenProduct } from '../../../shared/use-open-product';
import { WatchlistStar } from '../../../shared/watchlist/WatchlistStar';
import { PATHS } from '../../../shared/paths';
import '../markets.css';

/**
 * `/pages/tabs/quotes/quoteSearch`: keyWords search (debounced 300 ms) across the four markets at
 * once, results grouped by market, live prices.
 */
export default function QuoteSearchScreen() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keyWords = useDebouncedValue(text.trim());
  const search = useQuoteSearch(keyWords, keyWords !== '');
  const open = useOpenProduct();
  const groups = search.data?.filter((group) => group.rows.length > 0) ?? [];
  const total = groups.reduce((count, group) => count + group.rows.length, 0);

  let body;
  if (keyWords === '') {
    body = <EmptyState title={t('market.search_prompt')} description={t('market.search_prompt_hint')} />;
  } else if (search.isPending) {
    body = (
      <section className="card markets-list quote-list--two-line-names">
        <SkeletonRows rows={5} />
      </section>
    );
  } else if (search.isError && !search.data) {
    body = <LoadFailed description={t('common.load_failed_hint')} onRetry={() => void search.refetch()} />;
  } else if (total === 0) {
    body = <EmptyState title={t('market.search_empty', { keyWords })} description={t('market.search_empty_hint')} />;
  } else {
    body = groups.map((group) => (
      <SearchGroup key={group.index} title={t(group.labelKey)} rows={group.rows} onOpen={open} />
    ));
  }

  return (
    <div className="screen search-screen">
      <header className="search-top">
        <BackButton fallback={PATHS.markets} className="search-top__back" />
        <label className="k-search search-top__field">
          <SearchOutline className="search-top__icon" />
          <input
            className="k-search__input search-top__input"
            type="search"
            enterKeyHint="search"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('market.search_placeholder')}
            aria-label={t('common.search')}
            data-testid="search-input"
          />
          {text ? (
            <button
              type="button"
              className="search-top__clear"
              onClick={() => setText('')}
              aria-label={t('common.clear')}
            >
              <CloseCircleFill />
            </button>
          ) : null}
        </label>
      </header>
      <div className="markets-body search-screen__body" aria-live="polite">
        {body}
      </div>
    </div>
  );
}

function SearchGroup({
  title,
  rows,
  onOpen,
}: {
  title: string;
  rows: Parameters<typeof useLiveTickers>[0];
  onOpen: ReturnType<typeof useOpenProduct>;
}) {
  const products = useLiveTickers(rows);
  return (
    <section className="card markets-list quote-list--two-line-names">
      <h2 className="card__title search-group__title">
        {title} <span className="search-group__count numeric">{products.length}</span>
      </h2>
      {products.map((product) => (
        <QuoteRow
          key={product.productCode}
          product={product}
          onOpen={onOpen}
          trailing={<WatchlistStar product={product} />}
        />
      ))}
    </section>
  );
}
