import { funding, type AnswerOf } from '@kestrel/contract';
import { Space, Tag } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { ListScreen } from '../../shared/ui/ListScreen';
import { Money } from '../../shared/ui/Money';
import { Note } from '../../shared/ui/Note';
import { ReviewDialog, useReview } from '../../shared/ui/ReviewDialog';
import { StatusFilter, statusOptions, useStatusFilter } from '../../shared/ui/StatusFilter';
import { RefreshButton } from '../../shared/ui/buttons';
import { customerColumn, timeColumn } from '../../shared/ui/columns';
import { reviewActionsColumn, reviewStatusColumn, reviewedAt } from '../../shared/ui/review-columns';
import { QUEUE_STRINGS as Q, STRINGS } from '../../shared/strings';

type Withdrawal = AnswerOf<typeof funding.operatorWithdrawals>;

const STATUS = {
  0: { label: Q.pending, color: 'processing' },
  1: { label: Q.paid, color: 'success' },
  2: { label: Q.rejected, color: 'error' },
  3: { label: Q.cancelled, color: 'default' },
};

export default function WithdrawalsScreen() {
  const C = STRINGS.common;
  const filter = useStatusFilter(0);
  const list = useEndpoint(funding.operatorWithdrawals, filter.query);
  const may = useMayCall();
  const approve = useAction(funding.operatorWithdrawalApprove, [funding.operatorWithdrawals]);
  const reject = useAction(funding.operatorWithdrawalReject, [funding.operatorWithdrawals]);
  const reviewing = useReview<Withdrawal>();

  return (
    <ListScreen<Withdrawal>
      subtitle={Q.withdrawals.subtitle}
      extra={<RefreshButton onClick={() => list.refetch()} />}
      toolbar={<StatusFilter filter={filter} options={statusOptions(STATUS)} />}
      read={list}
      paging={filter.paging}
      size="middle"
      scroll={{ x: 1050 }}
      columns={[
        { title: Q.queue, dataIndex: 'queuePosition', width: 70, render: (value: number | null) => value ?? '—' },
        customerColumn(),
        { title: Q.channel, dataIndex: 'channelName' },
        {
          title: C.amount,
          align: 'right',
          render: (_, row) => (
            <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
              <Money value={row.withdrawAmount} currency={row.currencyName} strong />
              <Note>
                {Q.fee} <Money value={row.fee} />
              </Note>
            </Space>
          ),
        },
        {
          title: Q.destination,
          dataIndex: 'destination',
          ellipsis: true,
          render: (value: string, row) => (
            <Space direction="vertical" size={0}>
              <span className="mono">{value}</span>
              <Tag>{row.destinationKind === 'bank_card' ? 'Bank card' : 'Wallet'}</Tag>
            </Space>
          ),
        },
        timeColumn(C.requested, 'createTime'),
        reviewStatusColumn(STATUS, 120),
        reviewActionsColumn({
          allowed: may(funding.operatorWithdrawalApprove),
          start: reviewing.start,
          approveTestId: (row) => `withdrawal-approve-${row.id}`,
          settled: reviewedAt,
        }),
      ]}
    >
      <ReviewDialog<Withdrawal>
        reviewing={reviewing}
        title={{ approve: Q.withdrawals.approveTitle, reject: Q.withdrawals.rejectTitle }}
        okText={{ approve: Q.withdrawals.approveOk, reject: Q.withdrawals.rejectOk }}
        done={{ approve: Q.withdrawals.approved, reject: Q.withdrawals.rejected }}
        approveHint={{ type: 'warning', message: Q.withdrawals.approveHint }}
        rejectReasonLabel={Q.withdrawals.rejectReason}
        testId="withdrawal-review"
        onApprove={(row, reason) => approve.mutateAsync({ body: { id: row.id, reason } })}
        onReject={(row, reason) => reject.mutateAsync({ body: { id: row.id, reason } })}
        facts={(row) => [
          [C.customer, row.userAccount],
          [Q.channel, row.channelName],
          [C.amount, <Money value={row.withdrawAmount} currency={row.currencyName} />],
          [Q.fee, <Money value={row.fee} currency={row.currencyName} />],
          [Q.net, <Money value={row.netAmount} currency={row.currencyName} strong />],
          [Q.destination, <span className="mono">{row.destination}</span>],
          [C.requested, formatTime(row.createTime)],
        ]}
      />
    </ListScreen>
  );
}
