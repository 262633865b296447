import { useTranslation } from 'react-i18next';
import { useSwitchAccount } from '../../../shared/account/use-switch-account';
import { Notice } from '../../../shared/ui/Notice';

/**
 * Said before the customer fills anything in: coin-to-coin trades real customers' money, so a demo
 * account cannot trade here (the form below is disabled), with the way to the real account in one tap.
 */
export function DemoAccountNotice() {
  const { t } = useTranslation();
  const switchToReal = useSwitchAccount('real', { confirmBody: t('bibi.switch_to_real_confirm') });
  return (
    <Notice
      tone="demo"
      title={t('common.demo')}
      testId="bibi-demo-notice"
      action={
        <button
          type="button"
          className="k-action k-action-button k-action-button--outline bibi-demo-switch"
          onClick={() => void switchToReal.run()}
          disabled={switchToReal.pending}
          aria-busy={switchToReal.pending || undefined}
          data-testid="bibi-switch-to-real"
        >
          {switchToReal.label}
        </button>
      }
    >
      {t('bibi.demo_note')}
    </Notice>
  );
}
