import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { idParameter } from '../../../shared/id-parameter';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { useLoanOrder, type LoanDetail } from '../api/loan-order-detail';

/**
 * The loan a screen's address names (`?id=`), read every `refetchIntervalMs` when given. Until it can be
 * shown, `waiting` is what the screen shows instead: "not found" for an address without an id
 * (`missingTestId`), the screen's own `skeleton` while it loads, a retry when it failed; null once the
 * loan is here. `loan` is the last one read, kept through a failed read.
 */
export function useAddressedLoan({
  skeleton,
  missingTestId,
  refetchIntervalMs,
}: {
  skeleton: ReactNode;
  missingTestId: string;
  refetchIntervalMs?: number;
}): { id: number; loan: LoanDetail | undefined; waiting: ReactNode } {
  const { t } = useTranslation();
  const [parameters] = useSearchParams();
  const id = idParameter(parameters.get('id')) ?? 0;
  const query = useLoanOrder(id, refetchIntervalMs);
  const waiting =
    id === 0 ? (
      <Notice tone="warning" title={t('error.loan_not_found')} testId={missingTestId} />
    ) : query.isPending ? (
      skeleton
    ) : query.isError ? (
      <div className="card">
        <LoadFailed title={t('invest.loans.loan_failed')} onRetry={() => void query.refetch()} />
      </div>
    ) : null;
  return { id, loan: query.data, waiting };
}
