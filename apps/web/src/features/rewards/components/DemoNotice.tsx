import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { Notice } from '../../../shared/ui/Notice';

/** A demo session: rewards are real money for the live account, and the way back to it (the wallet). */
export function DemoNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Notice
      tone="demo"
      title={t('reward.demo_title')}
      testId="reward-demo-notice"
      action={
        <button type="button" className="k-link" onClick={() => navigate(PATHS.wallet)}>
          {t('reward.demo_action')}
        </button>
      }
    >
      {t('reward.demo_body')}
    </Notice>
  );
}
