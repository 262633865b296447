import type { UserInfo } from '@kestrel/contract/web';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { DEMO_ACCOUNT_TYPE } from '../../../shared/store/session';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { Notice } from '../../../shared/ui/Notice';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useUserInfo } from '../../../shared/account/api/user-info';

/**
 * A screen of the security centre: its header and body; logged out, the login page (back here after).
 * On a demo account a notice says these settings belong to the live account (the server refuses them
 * from a demo session), and `children` gets `demo: true` to leave its actions off.
 */
export function SecurityPage({
  title,
  onBack,
  children,
}: {
  title: string;
  onBack?: () => void;
  children: (context: { userInfo: UserInfo; demo: boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  if (!userInfo) return <LoginRedirect />;
  const demo = userInfo.accountType === DEMO_ACCOUNT_TYPE;
  return (
    <div className="screen profile-screen">
      <PageHeader title={title} onBack={onBack} />
      <div className="screen__body profile-body">
        {demo ? (
          <Notice
            tone="demo"
            title={t('profile.demo_title')}
            testId="profile-demo-notice"
            action={
              <button type="button" className="k-link profile-notice-link" onClick={() => navigate(PATHS.wallet)}>
                {t('profile.demo_action')}
              </button>
            }
          >
            {t('profile.demo_body')}
          </Notice>
        ) : null}
        {children({ userInfo, demo })}
      </div>
    </div>
  );
}
