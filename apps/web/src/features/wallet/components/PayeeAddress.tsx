import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/copy-text';
import { showToast } from '../../../shared/ui/toast';

/**
 * The address the operators published for a crypto channel: the customer sends the deposit there.
 * Shown whole (never shortened: a customer must be able to compare every character) and copyable.
 */
export function PayeeAddress({ network, address }: { network: string; address: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    showToast({ content: t((await copyText(address)) ? 'tips.copied' : 'tips.copy_failed') });
  };
  return (
    <div className="funding-payee" data-testid="recharge-payee">
      <p className="funding-payee__label">{t('wallet.payee_address', { network })}</p>
      <p className="funding-payee__address" dir="ltr">
        {address}
      </p>
      <button type="button" className="k-link funding-payee__copy" onClick={() => void copy()}>
        {t('common.copy')}
      </button>
      <p className="funding-payee__warning">{t('wallet.payee_warning', { network })}</p>
    </div>
  );
}
