import type { UserInfo } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { DEMO_ACCOUNT_TYPE } from '../../../shared/store/session';
import { StatusChip } from '../../../shared/ui/StatusChip';
import type { ProfileStyle } from '../compositions';
import { Avatar } from './Avatar';

/** Avatar size in pixels per profile style. */
const AVATAR_SIZE: Record<ProfileStyle, number> = { card: 64, centered: 76, compact: 44, banner: 64 };

/**
 * The logged-in customer: avatar, name, account, user id, and the Demo badge on demo accounts, in the
 * layout's profile style (features/me/compositions.ts).
 */
export function ProfileCard({ userInfo, profileStyle = 'card' }: { userInfo: UserInfo; profileStyle?: ProfileStyle }) {
  const { t } = useTranslation();
  const isDemo = userInfo.accountType === DEMO_ACCOUNT_TYPE;
  const name = userInfo.nickName || userInfo.userAccount;
  return (
    <section className={`me-profile me-profile--${profileStyle}`} data-testid="me-profile">
      <Avatar src={userInfo.avatar} name={name} className="me-profile__avatar" size={AVATAR_SIZE[profileStyle]} />
      <div className="me-profile__text">
        <div className="me-profile__name-row">
          <h2 className="me-profile__name" data-testid="me-profile-name" dir="auto">
            {name}
          </h2>
          {isDemo ? (
            <StatusChip tone="warning">{t('common.demo')}</StatusChip>
          ) : (
            <StatusChip tone="brand">{t('me.account_real')}</StatusChip>
          )}
        </div>
        <p className="me-profile__account" dir="ltr">
          {userInfo.userAccount}
        </p>
        <p className="me-profile__id">
          {t('me.user_id')} <span className="numeric">{userInfo.id}</span>
        </p>
      </div>
    </section>
  );
}
