import { CONSTANTS, type profile } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { AppOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { ActionButton } from '../../../shared/ui/Buttons';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useRevokeOtherSessions, useRevokeSession, useSessionList } from '../api/sessions';
import { useDeviceLabel } from '../components/DeviceLabel';
import { SecurityPage } from '../components/SecurityPage';
import { PROFILE_PATHS } from '../paths';

type SessionRecord = profile.SessionRecord;

/**
 * `/pages/user/security?view=sessions`: the devices signed in (this one first, marked), each with where
 * and when it signed in and was last used; another device can be logged out, or all others at once.
 * Both ask first: the other device loses its session (and the demo session entered from it).
 */
export default function SessionsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SecurityPage title={t('profile.devices')} onBack={() => navigate(PROFILE_PATHS.security, { replace: true })}>
      {({ demo }) => (demo ? null : <SessionList />)}
    </SecurityPage>
  );
}

function SessionList() {
  const { t } = useTranslation();
  const sessions = useSessionList();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) {
    return (
      <div className="card" aria-busy="true">
        <SkeletonRows rows={3} />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div className="card">
        <LoadFailed onRetry={() => void sessions.refetch()} />
      </div>
    );
  }
  // This device first, then the most recently used.
  const rows = [...sessions.data.rows].sort((a, b) => b.current - a.current || b.lastUsedTime - a.lastUsedTime);
  const others = rows.filter((row) => row.current !== 1).length;

  const logOut = async (session: SessionRecord, label: string) => {
    const confirmed = await Dialog.confirm({
      title: t('profile.revoke_one_title'),
      content: t('profile.revoke_one_body', { device: label }),
      confirmText: t('profile.log_out'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync({ sessionId: session.sessionId });
      Toast.show({ content: t('profile.revoked_one'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // A refusal (already ended) has been said in a toast; the list refreshes either way.
    }
  };

  const logOutOthers = async () => {
    const confirmed = await Dialog.confirm({
      title: t('profile.revoke_others_title'),
      content: t('profile.revoke_others_body'),
      confirmText: t('profile.revoke_others'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      const answer = await revokeOthers.mutateAsync({});
      Toast.show({
        content: t('profile.revoked_others', { n: answer.revoked }),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch {
      // Said in a toast by the request layer.
    }
  };

  return (
    <>
      <p className="profile-hint profile-hint--page">{t('profile.devices_intro')}</p>
      <ul className="k-list profile-sessions" data-testid="session-list">
        {rows.map((session) => (
          <SessionCard
            key={session.sessionId}
            session={session}
            onLogOut={logOut}
            busy={revoke.isPending && revoke.variables?.sessionId === session.sessionId}
          />
        ))}
      </ul>
      <ActionButton
        tone="danger"
        onClick={() => void logOutOthers()}
        disabled={others === 0}
        loading={revokeOthers.isPending}
        testId="sessions-revoke-others"
      >
        {t('profile.revoke_others')}
      </ActionButton>
      {others === 0 ? <p className="profile-hint profile-hint--center">{t('profile.no_other_devices')}</p> : null}
    </>
  );
}

function SessionCard({
  session,
  onLogOut,
  busy,
}: {
  session: SessionRecord;
  onLogOut: (session: SessionRecord, label: string) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const deviceLabel = useDeviceLabel();
  const label = deviceLabel(session.deviceLabel);
  const current = session.current === 1;
  return (
    <li className="card profile-session" data-testid={current ? 'session-current' : 'session-other'}>
      <div className="profile-session__head">
        <span className="profile-session__icon" aria-hidden="true">
          <AppOutline />
        </span>
        <span className="profile-session__name" dir="auto">
          {label}
        </span>
        {current ? (
          <StatusChip tone="success" size="small">
            {t('profile.this_device')}
          </StatusChip>
        ) : null}
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{t('profile.ip')}</dt>
          <dd dir="ltr" className="numeric">
            {session.ip || '—'}
          </dd>
        </div>
        <div>
          <dt>{t('profile.signed_in_at')}</dt>
          <dd className="numeric">{formatDateTime(session.createTime)}</dd>
        </div>
        <div>
          <dt>{t('profile.last_active')}</dt>
          <dd className="numeric">{formatDateTime(session.lastUsedTime)}</dd>
        </div>
      </dl>
      {current ? null : (
        <button
          type="button"
          className="profile-session__logout"
          onClick={() => void onLogOut(session, label)}
          disabled={busy}
          data-testid="session-revoke"
        >
          {busy ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
          {t('profile.log_out')}
        </button>
      )}
    </li>
  );
}
