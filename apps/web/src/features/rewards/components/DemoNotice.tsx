import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/paths';
import { NavButton } from '../../../shared/ui/NavButton';
import { Notice } from '../../../shared/ui/Notice';

/** A demo session: rewards are real money for the live account, and the way back to it (the wallet). */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <Notice
      tone="demo"
      title={t('reward.demo_title')}
      testId="reward-demo-notice"
      action={
        <NavButton to={PATHS.wallet} className="k-link">
          {t('reward.demo_action')}
        </NavButton>
      }
    >
      {t('reward.demo_body')}
    </Notice>
  );
}
