import { funding } from '@kestrel/contract/web';
import type { ChipTone } from '../../../shared/ui/StatusChip';

const { DEPOSIT_STATUS, WITHDRAWAL_STATUS } = funding;

export interface StatusLook {
  tone: ChipTone;
  labelKey: string;
}

/** Deposit status 0 pending, 1 confirmed, 2 rejected. */
export function depositStatus(status: number): StatusLook {
  switch (status) {
    case DEPOSIT_STATUS.confirmed:
      return { tone: 'success', labelKey: 'wallet.status_confirmed' };
    case DEPOSIT_STATUS.rejected:
      return { tone: 'danger', labelKey: 'wallet.status_rejected' };
    case DEPOSIT_STATUS.pending:
      return { tone: 'warning', labelKey: 'wallet.status_pending' };
    default:
      return { tone: 'neutral', labelKey: 'wallet.status_unknown' };
  }
}

/** Withdrawal status 0 pending, 1 paid, 2 rejected, 3 cancelled. */
export function withdrawalStatus(status: number): StatusLook {
  switch (status) {
    case WITHDRAWAL_STATUS.paid:
      return { tone: 'success', labelKey: 'wallet.status_paid' };
    case WITHDRAWAL_STATUS.rejected:
      return { tone: 'danger', labelKey: 'wallet.status_rejected' };
    case WITHDRAWAL_STATUS.cancelled:
      return { tone: 'neutral', labelKey: 'wallet.status_cancelled' };
    case WITHDRAWAL_STATUS.pending:
      return { tone: 'warning', labelKey: 'wallet.status_pending' };
    default:
      return { tone: 'neutral', labelKey: 'wallet.status_unknown' };
  }
}

export const isPendingWithdrawal = (status: number) => status === WITHDRAWAL_STATUS.pending;
export const isPendingDeposit = (status: number) => status === DEPOSIT_STATUS.pending;
export const isRejectedDeposit = (status: number) => status === DEPOSIT_STATUS.rejected;
/** Rejected or cancelled: the frozen amount went back to the balance. */
export const isReturnedWithdrawal = (status: number) =>
  status === WITHDRAWAL_STATUS.rejected || status === WITHDRAWAL_STATUS.cancelled;
