import { useTranslation } from 'react-i18next';
import { ComingSoonPanel } from '../../../shared/ui/ComingSoonPanel';
import { TabTitle } from '../../../shared/ui/TabTitle';

/** `/pages/user/accountDetail`: placeholder until the wallet (assets summary, balances) is built. */
export default function WalletScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <TabTitle title={t('tab.wallet')} />
      <ComingSoonPanel />
    </div>
  );
}
