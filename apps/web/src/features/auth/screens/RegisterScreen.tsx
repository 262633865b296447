import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { ComingSoonPanel } from '../../../shared/ui/ComingSoonPanel';
import { PageHeader } from '../../../shared/ui/PageHeader';

/** `/pages/user/register`: placeholder. The real screen sends a code, then calls `account.register`. */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen">
      <PageHeader title={t('auth.register')} />
      <ComingSoonPanel>
        <Button fill="none" color="primary" onClick={() => navigate(PATHS.login, { replace: true })}>
          {t('auth.have_account')} {t('auth.login')}
        </Button>
      </ComingSoonPanel>
    </div>
  );
}
