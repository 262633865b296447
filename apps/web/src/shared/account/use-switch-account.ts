import { CONSTANTS } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { useChangeLoginModel } from './api/change-login-model';

/** Which account the switch leads to. */
export type AccountTarget = 'demo' | 'real';

export interface SwitchAccount {
  /** Asks the customer to confirm, switches, and says so; a refusal is told by the request layer. */
  run: () => Promise<void>;
  /** True while the switch is under way: the control that started it is busy. */
  pending: boolean;
  /** The control's usual label ("Try demo", "Back to live account"). */
  label: string;
}

/**
 * Switches between the real and the demo account after the customer confirms. `confirmBody` replaces
 * the usual question where the screen has more to say (coin-to-coin: its trades use real balances).
 */
export function useSwitchAccount(target: AccountTarget, options: { confirmBody?: string } = {}): SwitchAccount {
  const { t } = useTranslation();
  const change = useChangeLoginModel();
  const toDemo = target === 'demo';
  const label = toDemo ? t('account.switch_to_demo') : t('account.switch_to_real');
  const run = async () => {
    const confirmed = await Dialog.confirm({
      title: label,
      content: options.confirmBody ?? (toDemo ? t('account.switch_to_demo_body') : t('account.switch_to_real_body')),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await change.mutateAsync();
      Toast.show({
        content: toDemo ? t('account.now_demo') : t('account.now_real'),
        duration: CONSTANTS.toastDurationMs,
      });
    } catch {
      // The request layer has told the customer; the account stays as it was.
    }
  };
  return { run, pending: change.isPending, label };
}
