import type { UserInfo } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { DEMO_ACCOUNT_TYPE } from '../../../shared/store/session';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { Avatar } from './Avatar';

/** The logged-in customer: avatar, name, account, user id, and the Demo badge on demo accounts. */
export function ProfileCard({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const isDemo = userInfo.accountType === DEMO_ACCOUNT_TYPE;
  const name = userInfo.nickName || userInfo.userAccount;
  return (
    <section className="me-profile">
      <Avatar src={userInfo.avatar} name={name} className="me-profile__avatar" size={64} />
      <div className="me-profile__text">
        <div className="me-profile__name-row">
          <h2 className="me-profile__name" data-testid="me-profile-name" dir="auto">
            {name}
          </h2>
          {isDemo ? (
            <StatusChip tone="warning">{t('home.demo_badge')}</StatusChip>
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
