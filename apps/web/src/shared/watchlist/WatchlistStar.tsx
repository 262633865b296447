import type { Product } from '@kestrel/contract/web';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS, withFrom } from '../paths';
import { useIsLoggedIn } from '../store/session';
import { useWatchlistAdd } from './api/watchlist-add';
import { useWatchlistDelete } from './api/watchlist-delete';
import { useWatchlistCodes } from './api/watchlist-list';
import './watchlist-star.css';

/**
 * The watchlist star of a product: filled when it is on the watchlist. Tapping adds or removes it;
 * logged out, it opens login and comes back here afterwards.
 */
export function WatchlistStar({
  product,
  size = 'medium',
  testId,
}: {
  product: Product;
  size?: 'medium' | 'large';
  testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const codes = useWatchlistCodes();
  const add = useWatchlistAdd();
  const remove = useWatchlistDelete();
  const starred = codes.has(product.productCode);
  const busy = add.isPending || remove.isPending;

  const toggle = () => {
    if (!loggedIn) {
      navigate(withFrom(PATHS.login, `${location.pathname}${location.search}`));
      return;
    }
    if (busy) return;
    if (starred) remove.mutate(product);
    else add.mutate(product);
  };

  return (
    <button
      type="button"
      className={`watchlist-star watchlist-star--${size}${starred ? ' watchlist-star--on' : ''}`}
      onClick={toggle}
      aria-pressed={starred}
      aria-label={t(starred ? 'market.remove_watchlist' : 'market.add_watchlist')}
      aria-busy={busy}
      data-testid={testId}
      data-starred={starred}
    >
      {starred ? <StarFill /> : <StarOutline />}
    </button>
  );
}
