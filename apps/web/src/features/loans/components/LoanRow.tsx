import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/display/date-time';
import { NavButton } from '../../../shared/ui/NavButton';
import type { LoanOrderRecord } from '../api/types';
import { isActiveLoan, isAppliedLoan, isOverdueLoan, isRejectedLoan, isSettledLoan } from '../lib/statuses';
import { detailPath } from '../paths';
import { LoanStatusChip } from './LoanStatusChip';
import { Money } from './Money';

/**
 * One of my loans in the list: product, status, the amount borrowed, and the line that matters for its
 * status (owed and due date when active, in red when overdue; the application time; the settle time;
 * the rejection's reason). Opens the loan.
 */
export function LoanRow({ loan }: { loan: LoanOrderRecord }) {
  const { t } = useTranslation();
  const overdue = isOverdueLoan(loan);
  const demo = loan.demo === 1;
  return (
    <li>
      <NavButton
        to={detailPath(loan.id)}
        className={`card ln-row${overdue ? ' ln-row--overdue' : ''}`}
        testId={`loan-row-${loan.id}`}
      >
        <span className="ln-row__top">
          <span className="ln-row__title">
            <bdi>{loan.productName}</bdi>
          </span>
          <LoanStatusChip loan={loan} testId={`loan-row-status-${loan.id}`} />
          <RightOutline className="ln-row__chevron ln-flip" aria-hidden="true" />
        </span>
        <span className="ln-row__line">
          <span className="ln-row__label">
            {loan.approveTime === null ? t('invest.loans.amount_applied') : t('invest.loans.principal')}
          </span>
          <Money value={loan.orderPrice} currency={loan.currencyName} demo={demo} className="ln-row__amount" />
        </span>
        {isActiveLoan(loan) ? (
          <>
            <span className="ln-row__line">
              <span className="ln-row__label">{t('invest.loans.owed')}</span>
              <Money
                value={loan.owed}
                currency={loan.currencyName}
                demo={demo}
                className={overdue ? 'ln-danger' : undefined}
              />
            </span>
            <span className={`ln-row__meta${overdue ? ' ln-danger' : ''}`}>
              {overdue ? t('invest.loans.overdue_since') : t('invest.loans.due')}{' '}
              <span dir="ltr" className="numeric">
                {formatDateTime(loan.dueTime)}
              </span>
            </span>
          </>
        ) : null}
        {isAppliedLoan(loan) ? (
          <span className="ln-row__meta">
            {t('invest.loans.applied_at')}{' '}
            <span dir="ltr" className="numeric">
              {formatDateTime(loan.applyTime)}
            </span>
          </span>
        ) : null}
        {isSettledLoan(loan) ? (
          <span className="ln-row__meta">
            {t('invest.loans.settled_at')}{' '}
            <span dir="ltr" className="numeric">
              {formatDateTime(loan.settleTime)}
            </span>
          </span>
        ) : null}
        {isRejectedLoan(loan) && loan.reviewReason ? (
          <span className="ln-row__meta ln-row__reason">
            <span className="ln-row__reason-label">{t('invest.loans.reject_reason')}</span>
            {/* The operator's own words, in whatever language and direction they wrote them. */}
            <span className="ln-row__reason-text" dir="auto">
              {loan.reviewReason}
            </span>
          </span>
        ) : null}
      </NavButton>
    </li>
  );
}
