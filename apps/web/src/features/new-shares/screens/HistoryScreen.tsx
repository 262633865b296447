import { useTranslation } from 'react-i18next';
import { RefreshableCards } from '../../../shared/invest/RefreshableCards';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { useIsDemo } from '../../../shared/account/demo';
import { Notice, Page } from '../../../shared/invest/parts';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { NavButton } from '../../../shared/ui/NavButton';
import { useSubscriptionList } from '../api/subscription-list';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { NEW_SHARES_PATHS } from '../paths';

/**
 * `/pages/newShares/his`: my subscriptions, newest first: status, what was frozen, allocated and
 * refunded, when the shares unlock, and the way to the spot holdings once they are delivered.
 */
export default function HistoryScreen() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <LoginRedirect />;
  return <History />;
}

function History() {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  const list = useSubscriptionList();

  return (
    <Page>
      {isDemo ? <Notice tone="demo">{t('invest.common.demo_records_note')}</Notice> : null}
      <RefreshableCards
        query={list}
        renderCard={(record) => <SubscriptionCard key={record.id} record={record} />}
        empty={
          <EmptyState
            title={t('invest.new_shares.no_subscriptions')}
            description={t('invest.new_shares.no_subscriptions_hint')}
            action={
              <NavButton to={NEW_SHARES_PATHS.list} className="k-button k-button--soft" testId="browse-offers">
                {t('invest.new_shares.browse_offers')}
              </NavButton>
            }
          />
        }
        testId="subscriptions"
      />
    </Page>
  );
}
