import type { Product } from '@kestrel/contract/web';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuoteList } from '../../../shared/market/api/quote-list';
import type { MarketIndex } from '../../../shared/market/quote-lists';
import { useLiveTickers } from '../../../shared/realtime/live-tickers';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { ListState } from '../../../shared/ui/ListState';
import { QuoteRow } from '../../../shared/ui/QuoteRow';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useOpenProduct } from '../../../shared/use-open-product';
import { WatchlistStar } from '../../../shared/watchlist/WatchlistStar';
import { QuoteListHead } from './QuoteListHead';

/** One market (quote list 0..3): 20 rows a page, live prices, load more / loading / no more. */
export function MarketList({ index }: { index: MarketIndex }) {
  const { t } = useTranslation();
  const query = useQuoteList(index);
  const products = useLiveTickers(query.data?.rows);
  const open = useOpenProduct();

  let body;
  if (query.isPending) body = <SkeletonRows rows={8} />;
  else if (query.isError && products.length === 0)
    body = <LoadFailed description={t('common.load_failed_hint')} onRetry={() => void query.refetch()} />;
  else if (products.length === 0) body = <EmptyState />;
  else {
    body = (
      <>
        {products.map((product) => (
          <MarketRow key={product.productCode} product={product} onOpen={open} />
        ))}
        <ListState state={query.listState} onLoadMore={() => void query.loadMore()} />
      </>
    );
  }

  return (
    <Refreshable onRefresh={() => query.refetch()}>
      <section className="card markets-list quote-list--two-line-names" data-testid={`market-list-${index}`}>
        <QuoteListHead withStar />
        {body}
      </section>
    </Refreshable>
  );
}

/** A row with its watchlist star, memoized so a live refresh draws again only the rows that moved. */
const MarketRow = memo(function MarketRow({
  product,
  onOpen,
}: {
  product: Product;
  onOpen: (product: Product) => void;
}) {
  return <QuoteRow product={product} onOpen={onOpen} trailing={<WatchlistStar product={product} />} />;
});
