import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useHomePath } from '../../../shared/layouts/use-layout-paths';
import { useRouteTitleKey } from '../../../shared/route-title';
import { ComingSoonPanel } from '../../../shared/ui/ComingSoonPanel';
import { PageHeader } from '../../../shared/ui/PageHeader';

/**
 * Every SPEC §2 route whose screen is not built yet. The title comes from the route table, so one
 * screen serves them all; replacing a route's `screen` in src/app/routes.tsx retires it there.
 */
export default function ComingSoonScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleKey = useRouteTitleKey();
  const homePath = useHomePath();
  return (
    <div className="screen">
      <PageHeader title={titleKey ? t(titleKey) : t('common.coming_soon')} />
      <ComingSoonPanel>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate(homePath)}>
          {t('tab.home')}
        </Button>
      </ComingSoonPanel>
    </div>
  );
}
