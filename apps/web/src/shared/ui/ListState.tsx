import { useTranslation } from 'react-i18next';
import './list-state.css';

/** SPEC §4 "List loading": load more, loading, no more. */
export type ListLoadState = 'more' | 'loading' | 'none';

/** The state of a TanStack infinite query, in SPEC §4's words. */
export function listStateOf(query: { hasNextPage: boolean; isFetchingNextPage: boolean }): ListLoadState {
  if (query.isFetchingNextPage) return 'loading';
  return query.hasNextPage ? 'more' : 'none';
}

/** The foot of a paged list. "Load more" is a button, so it works without scrolling gestures too. */
export function ListState({ state, onLoadMore }: { state: ListLoadState; onLoadMore?: () => void }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <div className="list-state" role="status">
        <span className="spinner spinner--small" aria-hidden="true" />
        {t('common.loading')}
      </div>
    );
  }
  if (state === 'more') {
    return (
      <button type="button" className="list-state list-state--more" onClick={onLoadMore}>
        {t('common.load_more')}
      </button>
    );
  }
  return <div className="list-state list-state--none">{t('common.no_more')}</div>;
}
