import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { Page, SkeletonCards } from '../../../shared/invest/parts';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useRewardTasks } from '../api/reward-tasks';
import { DemoNotice } from '../components/DemoNotice';
import { EarnedCard } from '../components/EarnedCard';
import { TaskCard } from '../components/TaskCard';
import { useViewer, type Viewer } from '../components/viewer';
import '../i18n-english';
import './rewards.css';

/**
 * `/pages/user/welfare`: what I have earned so far and where rewards come from, then a card per task
 * with what it pays and what I can do about it now. Logged out, the tasks show with the way to log in;
 * a demo session sees them with a notice that rewards belong to the live account.
 */
export default function WelfareScreen() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return (
    <Page>
      <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'rewards')}>
        <div className="iv-stack">
          {viewer === 'demo' ? <DemoNotice /> : null}
          <EarnedCard viewer={viewer} />
          <Tasks viewer={viewer} />
        </div>
      </Refreshable>
    </Page>
  );
}

function Tasks({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const tasks = useRewardTasks();
  if (tasks.isPending) {
    return (
      <SkeletonCards count={3} className="rw-task">
        <Skeleton width="55%" height={16} />
        <Skeleton width="85%" height={12} />
        <Skeleton width="30%" height={32} radius={16} />
      </SkeletonCards>
    );
  }
  if (tasks.isError) {
    return (
      <section className="card">
        <LoadFailed onRetry={() => void tasks.refetch()} />
      </section>
    );
  }
  if (tasks.data.length === 0) {
    return (
      <section className="card">
        <EmptyState title={t('reward.no_tasks')} />
      </section>
    );
  }
  return (
    <section className="rw-tasks" aria-labelledby="reward-tasks-title">
      <h2 className="rw-heading" id="reward-tasks-title">
        {t('reward.tasks_title')}
      </h2>
      <ul className="k-list iv-list" data-testid="reward-tasks">
        {tasks.data.map((task) => (
          <TaskCard key={task.id} task={task} viewer={viewer} />
        ))}
      </ul>
    </section>
  );
}
