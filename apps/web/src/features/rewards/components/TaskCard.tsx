import { CONSTANTS, type rewards } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { useMoneyText } from '../../../shared/invest/amounts';
import { Meter } from '../../../shared/invest/Meter';
import { loginFrom } from '../../../shared/paths';
import { NavButton } from '../../../shared/ui/NavButton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { showToast } from '../../../shared/ui/toast';
import { useClaimReward } from '../api/reward-claim';
import { rewardsKey } from '../api/keys';
import { showsProgress, taskActionOf, taskStateOf, type TaskState } from '../lib/rewards';
import type { Viewer } from './viewer';

type RewardTask = rewards.RewardTask;

/**
 * One task: its title and what it asks, the amount it pays, how far an invitation task is (the live
 * account's progress), and what the customer can do now: go and meet the condition, claim, see when it
 * was claimed, or read that the budget is used up. Logged out, the way to log in; a demo session only
 * reads.
 */
export function TaskCard({ task, viewer }: { task: RewardTask; viewer: Viewer }) {
  const money = useMoneyText();
  const state = taskStateOf(task.state);
  return (
    <li className="card iv-section rw-task" data-testid={`reward-task-${task.id}`} data-state={state}>
      <div className="iv-head">
        <div className="iv-head__names rw-names">
          <span className="iv-name" dir="auto" data-testid="task-title">
            {task.title}
          </span>
          {task.description ? (
            <p className="iv-text" dir="auto">
              {task.description}
            </p>
          ) : null}
        </div>
        <span className="rw-amount numeric" dir="ltr" data-testid="task-amount">
          +{money(task.amount, task.currencyName)}
        </span>
      </div>
      {/* Logged out or demo, the server knows no progress: the task alone, without a bar at zero. */}
      {viewer === 'live' && showsProgress(task.condition, task.threshold) ? (
        <TaskProgress progress={task.progress} threshold={task.threshold} />
      ) : null}
      {viewer === 'demo' ? null : viewer === 'guest' ? <LoginToClaim /> : <TaskFoot task={task} state={state} />}
    </li>
  );
}

/** "1 of 3 friends" and a bar. */
function TaskProgress({ progress, threshold }: { progress: number; threshold: number }) {
  const { t } = useTranslation();
  const text = t('reward.progress_friends', { progress, threshold });
  return (
    <div className="rw-progress">
      <Meter value={progress} max={threshold} label={text} />
      <span className="rw-progress__text numeric" data-testid="task-progress">
        {text}
      </span>
    </div>
  );
}

function LoginToClaim() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="rw-task__foot">
      <NavButton
        to={loginFrom(`${location.pathname}${location.search}`)}
        className="k-button k-button--primary rw-task__button"
        testId="task-login"
      >
        {t('reward.login_to_claim')}
      </NavButton>
    </div>
  );
}

function TaskFoot({ task, state }: { task: RewardTask; state: TaskState }) {
  const { t } = useTranslation();
  if (state === 'claimed') {
    return (
      <div className="rw-task__foot rw-task__foot--start">
        <StatusChip tone="success" testId="task-claimed">
          {t('reward.claimed')}
        </StatusChip>
        <span className="rw-task__note" data-testid="task-claimed-time">
          {t('reward.claimed_on', { date: ltr(formatDateTime(task.claimTime)) })}
        </span>
      </div>
    );
  }
  if (state === 'claimable') return <ClaimButton task={task} />;
  if (state === 'budgetExhausted') {
    return (
      <div className="rw-task__foot">
        <span className="rw-task__note" data-testid="task-budget-note">
          {t('reward.budget_exhausted')}
        </span>
        <button type="button" className="k-button k-button--primary rw-task__button" disabled data-testid="task-claim">
          {t('reward.claim')}
        </button>
      </div>
    );
  }
  const action = taskActionOf(task.condition);
  if (!action) return null;
  return (
    <div className="rw-task__foot">
      <NavButton to={action.path} className="k-button k-button--soft rw-task__button" testId="task-go">
        {t(action.labelKey)}
      </NavButton>
    </div>
  );
}

/**
 * Claim: it only credits the customer, so no confirmation. On success the card turns claimed at once
 * (the answer is the task's new view) and a toast says what was added; a refusal is said by the request
 * layer, and the tasks refresh to what is true now.
 */
function ClaimButton({ task }: { task: RewardTask }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const claim = useClaimReward();
  const onClaim = async () => {
    try {
      const updated = await claim.mutateAsync({ taskId: task.id });
      queryClient.setQueriesData<RewardTask[]>({ queryKey: rewardsKey(token, 'tasks') }, (tasks) =>
        tasks?.map((one) => (one.id === updated.id ? updated : one)),
      );
      showToast({
        content: t('reward.claimed_toast', { amount: ltr(`+${money(updated.amount, updated.currencyName)}`) }),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch {
      // The request layer has said why; the tasks refresh with what is true now.
    }
  };
  return (
    <div className="rw-task__foot">
      <button
        type="button"
        className="k-button k-button--primary rw-task__button"
        onClick={() => void onClaim()}
        disabled={claim.isPending}
        aria-busy={claim.isPending || undefined}
        data-testid="task-claim"
      >
        {claim.isPending ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
        {t('reward.claim')}
      </button>
    </div>
  );
}
