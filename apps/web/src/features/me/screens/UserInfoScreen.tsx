import { CONSTANTS, type UserInfo } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { copyText } from '../../../shared/copy-text';
import { languageOf } from '../../../shared/i18n/document-language';
import { PATHS, withFrom } from '../../../shared/paths';
import { DEMO_ACCOUNT_TYPE } from '../../../shared/store/session';
import { useSettingsStore } from '../../../shared/store/settings';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useUserInfo } from '../api/get-user-info';
import './me-screen.css';
import './user-info-screen.css';

const ACCOUNT_TYPE_KEYS: Record<number, string> = {
  0: 'me.account_real',
  1: 'me.account_guest',
  [DEMO_ACCOUNT_TYPE]: 'me.account_demo',
};

/** The account as people read it: the email, or "+86 13800000000" for a phone account. */
export function accountLabel(userInfo: Pick<UserInfo, 'email' | 'phone' | 'areaCode' | 'userAccount'>): string {
  if (userInfo.email) return userInfo.email;
  if (userInfo.phone) return userInfo.areaCode ? `+${userInfo.areaCode} ${userInfo.phone}` : userInfo.phone;
  return userInfo.userAccount;
}

/** `/pages/user/userInfo`: the profile (avatar letter, nick name, account, user id, type, invite code, created). */
export default function UserInfoScreen() {
  const { t } = useTranslation();
  const locale = useSettingsStore((state) => state.locale);
  const userInfo = useUserInfo();
  if (!userInfo) return <Navigate to={withFrom(PATHS.login, '/pages/user/userInfo')} replace />;

  const name = userInfo.nickName || userInfo.userAccount;
  const isDemo = userInfo.accountType === DEMO_ACCOUNT_TYPE;
  const created = new Intl.DateTimeFormat(`${languageOf(locale).tag}-u-nu-latn`, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(userInfo.createTime));

  const copyInvite = async () => {
    const copied = await copyText(userInfo.inviteCode);
    Toast.show({ content: t(copied ? 'tips.copied' : 'tips.copy_failed'), duration: CONSTANTS.toastDurationMs });
  };

  const rows = [
    { key: 'nick', label: t('me.nick_name'), value: <span dir="auto">{userInfo.nickName || '—'}</span> },
    { key: 'account', label: t('auth.account'), value: <span dir="ltr">{accountLabel(userInfo)}</span> },
    { key: 'id', label: t('me.user_id'), value: <span className="numeric">{userInfo.id}</span> },
    {
      key: 'type',
      label: t('me.account_type'),
      value: (
        <StatusChip tone={isDemo ? 'warning' : 'brand'}>
          {t(ACCOUNT_TYPE_KEYS[userInfo.accountType] ?? 'me.account_real')}
        </StatusChip>
      ),
    },
    {
      key: 'invite',
      label: t('me.invite_code'),
      value: (
        <span className="user-info__invite">
          <span className="numeric" dir="ltr" data-testid="me-invite-code">
            {userInfo.inviteCode}
          </span>
          <button
            type="button"
            className="user-info__copy"
            onClick={() => void copyInvite()}
            data-testid="me-invite-copy"
          >
            {t('common.copy')}
          </button>
        </span>
      ),
    },
    { key: 'created', label: t('me.created_time'), value: <span className="numeric">{created}</span> },
  ];

  return (
    <div className="screen">
      <PageHeader title={t('me.profile')} />
      <div className="screen__body">
        <section className="card user-info__hero">
          <span className="user-info__avatar" aria-hidden="true">
            {(Array.from(name.trim())[0] ?? '?').toUpperCase()}
          </span>
          <h2 className="user-info__name" data-testid="me-profile-name" dir="auto">
            {name}
          </h2>
          <p className="user-info__account" dir="ltr">
            {accountLabel(userInfo)}
          </p>
        </section>
        <section className="card">
          <dl className="user-info__list">
            {rows.map((row) => (
              <div className="user-info__row" key={row.key}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </div>
  );
}
