import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { ListState, listStateOf } from '../../../shared/ui/ListState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useSubscriptionList } from '../api/subscription-list';
import { Notice, Page, useIsDemo } from '../components/parts';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { NEW_SHARES_PATHS } from '../paths';

/**
 * `/pages/newShares/his`: my subscriptions, newest first: status, what was frozen, allocated and
 * refunded, when the shares unlock, and the way to the spot holdings once they are delivered.
 */
export default function HistoryScreen() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <Navigate to={PATHS.login} replace />;
  return <History />;
}

function History() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDemo = useIsDemo();
  const list = useSubscriptionList();
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];

  let body;
  if (list.isPending) {
    body = (
      <div className="card">
        <SkeletonRows rows={4} />
      </div>
    );
  } else if (list.isError && rows.length === 0) {
    body = (
      <div className="card">
        <LoadFailed onRetry={() => void list.refetch()} />
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="card">
        <EmptyState
          title={t('invest.new_shares.no_subscriptions')}
          description={t('invest.new_shares.no_subscriptions_hint')}
          action={
            <button
              type="button"
              className="k-button k-button--soft"
              onClick={() => navigate(NEW_SHARES_PATHS.list)}
              data-testid="browse-offers"
            >
              {t('invest.new_shares.browse_offers')}
            </button>
          }
        />
      </div>
    );
  } else {
    body = (
      <>
        <ul className="k-list ns-list" data-testid="subscriptions">
          {rows.map((record) => (
            <SubscriptionCard key={record.id} record={record} />
          ))}
        </ul>
        <ListState state={listStateOf(list)} onLoadMore={() => void list.fetchNextPage()} />
      </>
    );
  }

  return (
    <Page>
      {isDemo ? <Notice tone="demo">{t('invest.common.demo_records_note')}</Notice> : null}
      <Refreshable onRefresh={() => list.refetch()}>
        <div className="ns-stack">{body}</div>
      </Refreshable>
    </Page>
  );
}
