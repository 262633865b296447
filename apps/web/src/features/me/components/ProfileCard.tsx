import type { UserInfo } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { DEMO_ACCOUNT_TYPE } from '../../../shared/store/session';
import { StatusChip } from '../../../shared/ui/StatusChip';

function initialsOf(name: string): string {
  const letters = Array.from(name.trim());
  return (letters[0] ?? '?').toUpperCase();
}

/** The logged-in customer: avatar, name, account, user id, and the Demo badge on demo accounts. */
export function ProfileCard({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const isDemo = userInfo.accountType === DEMO_ACCOUNT_TYPE;
  const name = userInfo.nickName || userInfo.userAccount;
  return (
    <section className="me-profile">
      {userInfo.avatar ? (
        <img className="me-profile__avatar" src={userInfo.avatar} alt="" width={64} height={64} />
      ) : (
        <span className="me-profile__avatar me-profile__avatar--initials" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      <div className="me-profile__text">
        <div className="me-profile__name-row">
          <h2 className="me-profile__name" data-testid="me-profile-name">
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
