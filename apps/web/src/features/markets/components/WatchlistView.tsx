import type { Product } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS, withFrom } from '../../../shared/paths';
import { useLiveTickers } from '../../../shared/realtime/live-tickers';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { ListState } from '../../../shared/ui/ListState';
import { QuoteRow } from '../../../shared/ui/QuoteRow';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useOpenProduct } from '../../../shared/use-open-product';
import { useWatchlistDelete } from '../../../shared/watchlist/api/watchlist-delete';
import { useWatchlist } from '../../../shared/watchlist/api/watchlist-list';
import { WatchlistStar } from '../../../shared/watchlist/WatchlistStar';
import { QuoteListHead } from './QuoteListHead';

/**
 * The watchlist (quote list 4): login first; then the starred products with live prices, an empty
 * state that leads to the markets, and in edit mode a remove button on every row.
 */
export function WatchlistView({ editing = false, onBrowse }: { editing?: boolean; onBrowse: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const watchlist = useWatchlist();
  const products = useLiveTickers(watchlist.data);
  const open = useOpenProduct();
  const remove = useWatchlistDelete();

  if (!loggedIn) {
    return (
      <section className="card markets-list quote-list--two-line-names">
        <EmptyState
          title={t('market.watchlist_login')}
          description={t('market.watchlist_login_hint')}
          action={
            <button
              type="button"
              className="k-button k-button--primary"
              onClick={() => navigate(withFrom(PATHS.login, `${location.pathname}${location.search}`))}
              data-testid="watchlist-login"
            >
              {t('auth.login')}
            </button>
          }
        />
      </section>
    );
  }

  let body;
  if (watchlist.isPending) body = <SkeletonRows rows={5} />;
  else if (watchlist.isError && products.length === 0)
    body = <LoadFailed description={t('common.load_failed_hint')} onRetry={() => void watchlist.refetch()} />;
  else if (products.length === 0) {
    body = (
      <EmptyState
        title={t('market.watchlist_empty')}
        description={t('market.watchlist_empty_hint')}
        action={
          <button
            type="button"
            className="k-button k-button--primary"
            onClick={onBrowse}
            data-testid="watchlist-browse"
          >
            {t('market.browse_markets')}
          </button>
        }
      />
    );
  } else {
    const removeButton = (product: Product) => (
      <button
        type="button"
        className="watchlist-remove"
        onClick={() => remove.mutate(product)}
        disabled={remove.isPending}
        aria-label={t('market.remove_watchlist')}
        data-testid={`watchlist-remove-${product.productCode}`}
      >
        <span aria-hidden="true">−</span>
      </button>
    );
    body = (
      <>
        {products.map((product) => (
          <QuoteRow
            key={product.productCode}
            product={product}
            onOpen={editing ? () => undefined : open}
            trailing={editing ? removeButton(product) : <WatchlistStar product={product} />}
          />
        ))}
        <ListState state="none" />
      </>
    );
  }

  return (
    <Refreshable onRefresh={() => watchlist.refetch()}>
      <section className="card markets-list quote-list--two-line-names" data-testid="watchlist">
        {products.length > 0 ? <QuoteListHead withStar /> : null}
        {body}
      </section>
    </Refreshable>
  );
}
