import { loans, type MessageKey } from '@kestrel/contract/web';
import type { ChipTone } from '../../../shared/ui/StatusChip';

const { LOAN_STATUS } = loans;

export interface LoanStatusView {
  labelKey: MessageKey;
  tone: ChipTone;
}

/** The words and colour of a loan's status; an active loan past its due time reads "Overdue" in red. */
export function loanStatusView(loan: { status: number; overdue: number }): LoanStatusView {
  switch (loan.status) {
    case LOAN_STATUS.applied:
      return { labelKey: 'invest.loans.status_applied', tone: 'warning' };
    case LOAN_STATUS.active:
      return loan.overdue === 1
        ? { labelKey: 'invest.loans.status_overdue', tone: 'danger' }
        : { labelKey: 'invest.loans.status_active', tone: 'brand' };
    case LOAN_STATUS.settled:
      return { labelKey: 'invest.loans.status_settled', tone: 'success' };
    case LOAN_STATUS.rejected:
      return { labelKey: 'invest.loans.status_rejected', tone: 'neutral' };
    default:
      return { labelKey: 'invest.loans.status_unknown', tone: 'neutral' };
  }
}

export const isActiveLoan = (loan: { status: number }): boolean => loan.status === LOAN_STATUS.active;
export const isAppliedLoan = (loan: { status: number }): boolean => loan.status === LOAN_STATUS.applied;
export const isRejectedLoan = (loan: { status: number }): boolean => loan.status === LOAN_STATUS.rejected;
export const isSettledLoan = (loan: { status: number }): boolean => loan.status === LOAN_STATUS.settled;
export const isOverdueLoan = (loan: { status: number; overdue: number }): boolean =>
  loan.status === LOAN_STATUS.active && loan.overdue === 1;

/** The filters of "My loans": all, then each status. */
export const LOAN_FILTERS: readonly { status: number | undefined; labelKey: MessageKey }[] = [
  { status: undefined, labelKey: 'invest.loans.filter_all' },
  { status: LOAN_STATUS.applied, labelKey: 'invest.loans.status_applied' },
  { status: LOAN_STATUS.active, labelKey: 'invest.loans.status_active' },
  { status: LOAN_STATUS.settled, labelKey: 'invest.loans.status_settled' },
  { status: LOAN_STATUS.rejected, labelKey: 'invest.loans.status_rejected' },
];
