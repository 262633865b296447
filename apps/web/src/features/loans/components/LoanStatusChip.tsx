import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { loanStatusView } from '../lib/statuses';

/** A loan's status: under review, active, overdue, settled or rejected. */
export function LoanStatusChip({ loan, testId }: { loan: { status: number; overdue: number }; testId?: string }) {
  const { t } = useTranslation();
  const view = loanStatusView(loan);
  return (
    <StatusChip tone={view.tone} testId={testId}>
      {t(view.labelKey)}
    </StatusChip>
  );
}
