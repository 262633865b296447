import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useIsLoggedIn } from '../../../shared/store/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useWatchlist } from '../../../shared/watchlist/api/watchlist-list';
import { WatchlistView } from '../components/WatchlistView';
import '../markets.css';

/** `/pages/tabs/favorite/favorite`: the watchlist on its own page, with an edit mode to remove products. */
export default function FavoriteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const hasRows = (useWatchlist().data?.length ?? 0) > 0;
  const [editing, setEditing] = useState(false);
  const canEdit = loggedIn && hasRows;

  return (
    <div className="screen">
      <PageHeader
        title={t('market.watchlist')}
        right={
          canEdit ? (
            <button
              type="button"
              className="page-header__action"
              onClick={() => setEditing((value) => !value)}
              data-testid="watchlist-edit"
            >
              {editing ? t('common.done') : t('common.edit')}
            </button>
          ) : null
        }
      />
      <div className="markets-body">
        <WatchlistView editing={editing && canEdit} onBrowse={() => navigate(PATHS.markets)} />
      </div>
    </div>
  );
}
