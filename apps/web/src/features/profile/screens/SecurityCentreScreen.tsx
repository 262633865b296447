import { AppOutline, ClockCircleOutline, LockOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSessionList } from '../api/sessions';
import { SecurityPage } from '../components/SecurityPage';
import { SecurityRow } from '../components/SecurityRow';
import { maskEmail } from '@kestrel/domain';
import { maskPhone } from '../lib/masking';
import { PROFILE_PATHS, securityViewPath } from '../paths';

/**
 * `/pages/user/security`: the sign-in details (email and phone, masked, each bound or changed with a
 * code sent to the new address; the login password, changed on the wallet's password screen) and the
 * devices signed in and the security log.
 */
export default function SecurityCentreScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SecurityPage title={t('me.security')}>
      {({ userInfo, demo }) => (
        <>
          <section className="card profile-group">
            <h2 className="card__title">{t('profile.group_sign_in')}</h2>
            <ul className="profile-rows">
              <SecurityRow
                icon={<MailOutline />}
                tint="brand"
                title={t('auth.email')}
                value={
                  userInfo.email ? (
                    <span dir="ltr">{maskEmail(userInfo.email)}</span>
                  ) : (
                    <span className="profile-muted">{t('profile.not_bound')}</span>
                  )
                }
                action={userInfo.email ? t('profile.change') : t('profile.bind')}
                onClick={() => navigate(securityViewPath('email'))}
                disabled={demo}
                testId="security-email"
              />
              <SecurityRow
                icon={<PhonebookOutline />}
                tint="green"
                title={t('auth.phone')}
                value={
                  userInfo.phone ? (
                    <span dir="ltr">{maskPhone(userInfo.phone, userInfo.areaCode)}</span>
                  ) : (
                    <span className="profile-muted">{t('profile.not_bound')}</span>
                  )
                }
                action={userInfo.phone ? t('profile.change') : t('profile.bind')}
                onClick={() => navigate(securityViewPath('phone'))}
                disabled={demo}
                testId="security-phone"
              />
              <SecurityRow
                icon={<LockOutline />}
                tint="indigo"
                title={t('profile.login_password')}
                value={<span className="profile-muted">{t('profile.password_note')}</span>}
                action={t('profile.change')}
                onClick={() => navigate(PROFILE_PATHS.changePassword)}
                disabled={demo}
                testId="security-password"
              />
            </ul>
          </section>
          <section className="card profile-group">
            <h2 className="card__title">{t('profile.group_activity')}</h2>
            <ul className="profile-rows">
              <SessionsRow demo={demo} />
              <SecurityRow
                icon={<ClockCircleOutline />}
                tint="amber"
                title={t('profile.security_log')}
                value={<span className="profile-muted">{t('profile.security_log_note')}</span>}
                onClick={() => navigate(securityViewPath('log'))}
                disabled={demo}
                testId="security-log"
              />
            </ul>
          </section>
        </>
      )}
    </SecurityPage>
  );
}

/** Devices: how many are signed in, once known. */
function SessionsRow({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessions = useSessionList(!demo);
  return (
    <SecurityRow
      icon={<AppOutline />}
      tint="cyan"
      title={t('profile.devices')}
      value={
        <span className="profile-muted">
          {sessions.data ? t('profile.devices_count', { n: sessions.data.total }) : t('profile.devices_note')}
        </span>
      }
      onClick={() => navigate(securityViewPath('sessions'))}
      disabled={demo}
      testId="security-sessions"
    />
  );
}
