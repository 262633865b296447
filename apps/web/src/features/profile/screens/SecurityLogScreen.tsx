import type { profile } from '@kestrel/contract/web';
import { CheckShieldOutline, ExclamationShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { useSecurityLog } from '../api/security-log';
import { useDeviceLabel } from '../components/DeviceLabel';
import { SecurityPage } from '../components/SecurityPage';
import { isSensitiveEvent, securityEventTitle } from '../lib/security-events';
import { PROFILE_PATHS } from '../paths';

type SecurityEvent = profile.SecurityEvent;

/**
 * `/pages/user/security?view=log`: every sign-in and security change of this account, newest first:
 * what changed (the new address masked, the new nickname, how many devices were logged out), when,
 * from which device and (masked) address. Changes that could lock the customer out are marked.
 */
export default function SecurityLogScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SecurityPage title={t('profile.security_log')} onBack={() => navigate(PROFILE_PATHS.security, { replace: true })}>
      {({ demo }) => (demo ? null : <SecurityLog />)}
    </SecurityPage>
  );
}

function SecurityLog() {
  const { t } = useTranslation();
  const log = useSecurityLog();
  return (
    <>
      <p className="profile-hint profile-hint--page">{t('profile.security_log_intro')}</p>
      <PagedCards
        query={log}
        listClassName="profile-events"
        testId="security-log-list"
        empty={<EmptyState title={t('profile.security_log_empty')} />}
        renderCard={(event) => <EventCard key={event.id} event={event} />}
      />
    </>
  );
}

function EventDetail({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation();
  if (!event.detail) return null;
  switch (event.kind) {
    case 'sessions_revoked':
      return <>{t('profile.event_sessions_detail', { n: event.detail })}</>;
    case 'email_bound':
    case 'phone_bound':
      return <span dir="ltr">{event.detail}</span>;
    default:
      return <span dir="auto">{event.detail}</span>;
  }
}

function EventCard({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation();
  const deviceLabel = useDeviceLabel();
  const sensitive = isSensitiveEvent(event.kind);
  return (
    <li className="card profile-event" data-testid={`security-event-${event.kind}`}>
      <span className={`profile-event__icon${sensitive ? ' profile-event__icon--sensitive' : ''}`} aria-hidden="true">
        {sensitive ? <ExclamationShieldOutline /> : <CheckShieldOutline />}
      </span>
      <div className="profile-event__text">
        <div className="profile-event__head">
          <span className="profile-event__title">{t(securityEventTitle(event.kind))}</span>
          <span className="profile-event__time numeric">{formatDateTime(event.createTime)}</span>
        </div>
        {event.detail ? (
          <p className="profile-event__detail" data-testid="security-event-detail">
            <EventDetail event={event} />
          </p>
        ) : null}
        <p className="profile-event__meta">
          <span dir="auto">{deviceLabel(event.deviceLabel)}</span>
          {event.ip ? (
            <>
              <span aria-hidden="true"> · </span>
              <span dir="ltr" className="numeric">
                {event.ip}
              </span>
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
}
