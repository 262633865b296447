import { CONSTANTS, type AnswerOf, type funding } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { useMasking } from '../../../shared/display/display-rules';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useWithdrawCancel } from '../api/withdraw-cancel';
import { useWithdrawList } from '../api/withdraw-list';
import { MoneyPage } from '../components/MoneyPage';
import { PagedList } from '../components/PagedList';
import { Summary } from '../components/Summary';
import { useCurrencyAmount } from '../lib/currency-format';
import { maskedDestination } from '../lib/destination';
import { MONEY_PATHS } from '../lib/paths';
import { isPendingWithdrawal, isReturnedWithdrawal, withdrawalStatus } from '../lib/statuses';
import './funding.css';

type Withdrawal = AnswerOf<typeof funding.withdrawList>;

/** `/pages/user/withdrawRecord`: my withdrawals: status, queue position while pending, and cancel. */
export default function WithdrawRecordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withdrawals = useWithdrawList();
  return (
    <MoneyPage>
      <PagedList
        query={withdrawals}
        empty={
          <EmptyState
            title={t('wallet.no_withdrawals')}
            action={
              <button
                type="button"
                className="k-action k-action-button k-action-button--outline"
                onClick={() => navigate(MONEY_PATHS.withdraw)}
              >
                {t('home.quick_withdraw')}
              </button>
            }
          />
        }
        renderRow={(withdrawal) => <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />}
      />
    </MoneyPage>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const amountText = useCurrencyAmount();
  const mask = useMasking();
  const cancel = useWithdrawCancel();
  const status = withdrawalStatus(withdrawal.status);
  const pending = isPendingWithdrawal(withdrawal.status);
  /** Cancelled or rejected: the amount came back, so it is shown struck through rather than as money gone. */
  const returned = isReturnedWithdrawal(withdrawal.status);
  const money = (value: string) => `${amountText(value, withdrawal.currencyId)} ${withdrawal.currencyName}`;

  const confirmCancel = async () => {
    const confirmed = await Dialog.confirm({
      title: t('wallet.cancel_withdrawal'),
      content: t('wallet.cancel_withdrawal_body', { amount: money(withdrawal.withdrawAmount) }),
      confirmText: t('wallet.cancel_withdrawal'),
      cancelText: t('wallet.keep_withdrawal'),
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync(withdrawal.id);
      Toast.show({ content: t('wallet.withdrawal_cancelled'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // The request layer has said why.
    }
  };

  return (
    <li className="card m-record" data-testid={`withdraw-row-${withdrawal.id}`} data-status={withdrawal.status}>
      <div className="m-record__top">
        <span className="m-record__title">{withdrawal.channelName}</span>
        <StatusChip tone={status.tone} testId={`withdraw-status-${withdrawal.id}`}>
          {t(status.labelKey)}
        </StatusChip>
      </div>
      <span className={`m-record__amount numeric${returned ? ' m-record__amount--void' : ''}`} dir="ltr">
        -{money(withdrawal.withdrawAmount)}
      </span>
      {pending && withdrawal.queuePosition !== null ? (
        <span className="withdraw-queue" data-testid={`withdraw-queue-${withdrawal.id}`}>
          <ClockCircleOutline aria-hidden="true" />
          {t('wallet.queue_position', { position: withdrawal.queuePosition })}
        </span>
      ) : null}
      <Summary
        rows={[
          !returned && { label: t('wallet.fee'), value: money(withdrawal.fee), ltr: true },
          !returned && { label: t('wallet.you_receive'), value: money(withdrawal.netAmount), ltr: true },
          { label: t('wallet.destination'), value: maskedDestination(withdrawal, mask), ltr: true },
          withdrawal.reviewTime !== null && {
            label: t('wallet.reviewed_at'),
            value: formatDateTime(withdrawal.reviewTime),
            ltr: true,
          },
          withdrawal.cancelTime !== null && {
            label: t('wallet.cancelled_at'),
            value: formatDateTime(withdrawal.cancelTime),
            ltr: true,
          },
          withdrawal.reviewReason !== '' && { label: t('wallet.reject_reason'), value: withdrawal.reviewReason },
        ]}
      />
      <div className="m-record__meta">
        <span dir="ltr">{formatDateTime(withdrawal.createTime)}</span>
        <span dir="ltr">#{withdrawal.id}</span>
      </div>
      {pending ? (
        <div className="m-record__actions">
          <button
            type="button"
            className="k-pill m-small-button m-small-button--danger"
            onClick={() => void confirmCancel()}
            disabled={cancel.isPending}
            data-testid={`withdraw-cancel-${withdrawal.id}`}
          >
            {t('wallet.cancel_withdrawal')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
