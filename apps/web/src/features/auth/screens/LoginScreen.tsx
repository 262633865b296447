import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { ComingSoonPanel } from '../../../shared/ui/ComingSoonPanel';
import { PageHeader } from '../../../shared/ui/PageHeader';

/**
 * `/pages/user/login`: placeholder. The real screen calls `account.login` and stores the answer with
 * `useSessionStore.getState().signIn(token, userInfo)`.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen">
      <PageHeader title={t('auth.login')} />
      <ComingSoonPanel>
        <Button fill="none" color="primary" onClick={() => navigate(PATHS.register, { replace: true })}>
          {t('auth.no_account')} {t('auth.register')}
        </Button>
      </ComingSoonPanel>
    </div>
  );
}
