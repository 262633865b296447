import { useTranslation } from 'react-i18next';
import { ComingSoonPanel } from '../../../shared/ui/ComingSoonPanel';
import { TabTitle } from '../../../shared/ui/TabTitle';

/** `/pages/tabs/quotes/quotes`: placeholder until the markets screen (four lists and the watchlist) is built. */
export default function MarketsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <TabTitle title={t('tab.markets')} />
      <ComingSoonPanel />
    </div>
  );
}
