import { CONSTANTS, type UserInfo } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { CameraOutline, CheckShieldOutline, EditSOutline, RightOutline } from 'antd-mobile-icons';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { copyText } from '../../../shared/copy-text';
import { languageOf } from '../../../shared/i18n/document-language';
import { PATHS, withFrom } from '../../../shared/paths';
import { DEMO_ACCOUNT_TYPE } from '../../../shared/store/session';
import { useSettingsStore } from '../../../shared/store/settings';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useUserInfo } from '../../../shared/account/api/user-info';
import { Avatar } from '../components/Avatar';
import { AvatarCropSheet } from '../components/AvatarCropSheet';
import { NicknameSheet } from '../components/NicknameSheet';
import '../i18n-english';
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

/** The security centre (features/profile), with its email, phone, devices and log. */
const SECURITY_PATH = '/pages/user/security';

/**
 * `/pages/user/userInfo`: the profile: the avatar (tap to pick a photo, crop it square and upload it),
 * the nickname (tap to edit), account, user id, type, invite code, created, and the way to the
 * security centre. A demo account's profile follows its live account's, so it is not edited here.
 */
export default function UserInfoScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettingsStore((state) => state.locale);
  const userInfo = useUserInfo();
  const fileInput = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [editingName, setEditingName] = useState(false);
  const closeCrop = useCallback(() => setPicked(null), []);
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

  const nickValue = (
    <span dir="auto" data-testid="me-nick-name">
      {userInfo.nickName || '—'}
    </span>
  );
  const rows = [
    {
      key: 'nick',
      label: t('me.nick_name'),
      value: isDemo ? (
        nickValue
      ) : (
        <button
          type="button"
          className="user-info__edit"
          onClick={() => setEditingName(true)}
          aria-label={`${t('me.nick_name')}: ${t('common.edit')}`}
          data-testid="me-nick-edit"
        >
          {nickValue}
          <EditSOutline className="user-info__edit-icon" aria-hidden="true" />
        </button>
      ),
    },
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
          {isDemo ? (
            <Avatar src={userInfo.avatar} name={name} className="user-info__avatar" />
          ) : (
            <button
              type="button"
              className="user-info__avatar-button"
              onClick={() => fileInput.current?.click()}
              aria-label={t('profile.avatar_change')}
              data-testid="me-avatar-button"
            >
              <Avatar src={userInfo.avatar} name={name} className="user-info__avatar" />
              <span className="user-info__avatar-badge" aria-hidden="true">
                <CameraOutline />
              </span>
            </button>
          )}
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="me-avatar-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) setPicked(file);
            }}
          />
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
        <section className="card">
          <button
            type="button"
            className="user-info__link"
            onClick={() => navigate(SECURITY_PATH)}
            data-testid="me-security-link"
          >
            <span className="user-info__link-icon" aria-hidden="true">
              <CheckShieldOutline />
            </span>
            <span className="user-info__link-text">
              <span className="user-info__link-title">{t('me.security')}</span>
              <span className="user-info__link-note">{t('profile.security_link_note')}</span>
            </span>
            <RightOutline className="user-info__link-arrow" aria-hidden="true" />
          </button>
        </section>
        {isDemo ? <p className="user-info__note">{t('profile.demo_profile_note')}</p> : null}
      </div>
      <AvatarCropSheet file={picked} onClose={closeCrop} />
      <NicknameSheet open={editingName} current={userInfo.nickName} onClose={() => setEditingName(false)} />
    </div>
  );
}
