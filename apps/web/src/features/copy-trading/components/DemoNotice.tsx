import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/paths';
import { NavButton } from '../../../shared/ui/NavButton';
import { Notice } from '../../../shared/ui/Notice';

/**
 * A demo session: copies open with real money in the live account (the server refuses a demo session
 * anyway), and the way to the wallet, where the customer switches back to it.
 */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <Notice
      tone="demo"
      title={t('copy.demo_title')}
      testId="copy-demo-notice"
      action={
        <NavButton to={PATHS.wallet} className="k-link" testId="copy-demo-wallet">
          {t('copy.demo_action')}
        </NavButton>
      }
    >
      {t('copy.demo_body')}
    </Notice>
  );
}
