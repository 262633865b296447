import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../shared/ui/StatusChip';

/** For a demo account: whether this offer takes demo funds. */
export function DemoFundsChip({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusChip tone={allowed ? 'warning' : 'neutral'} size="small" testId="demo-funds">
      {allowed ? t('invest.common.demo_funds_accepted') : t('invest.common.real_funds_only')}
    </StatusChip>
  );
}
