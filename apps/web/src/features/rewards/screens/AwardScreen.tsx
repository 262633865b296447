import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { RefreshableCards } from '../../../shared/invest/RefreshableCards';
import { Page } from '../../../shared/invest/parts';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { NavButton } from '../../../shared/ui/NavButton';
import { useRewardRecords } from '../api/reward-records';
import { DemoNotice } from '../components/DemoNotice';
import { RecordCard } from '../components/RecordCard';
import { useViewer } from '../components/viewer';
import { WELFARE_PATH } from '../paths';
import '../i18n-english';
import './rewards.css';

/**
 * `/pages/user/award`: the rewards I have earned, newest first, each with what it paid and when; none
 * yet, the way to the tasks. Logged out, the login page (back here after); a demo session is told that
 * rewards belong to the live account.
 */
export default function AwardScreen() {
  const viewer = useViewer();
  if (viewer === 'guest') return <LoginRedirect />;
  return <Page>{viewer === 'demo' ? <DemoNotice /> : <Records />}</Page>;
}

function Records() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const records = useRewardRecords();
  return (
    <RefreshableCards
      onRefresh={() => invalidateCustomerData(queryClient, 'rewards')}
      query={records}
      renderCard={(record) => <RecordCard key={record.id} record={record} />}
      empty={
        <EmptyState
          title={t('reward.records_empty')}
          description={t('reward.records_empty_hint')}
          action={
            <NavButton to={WELFARE_PATH} className="k-button k-button--primary" testId="award-see-tasks">
              {t('reward.see_tasks')}
            </NavButton>
          }
        />
      }
      testId="reward-records"
    />
  );
}
