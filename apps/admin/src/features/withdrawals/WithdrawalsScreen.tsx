import { funding, type AnswerOf } from '@kestrel/contract';
import { Space, Tag, Typography } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { Money } from '../../shared/ui/Money';
import { Note } from '../../shared/ui/Note';
import { QueryTable } from '../../shared/ui/QueryTable';
import { ReviewButtons, ReviewDialog, useReview } from '../../shared/ui/ReviewDialog';
import { Screen, Section } from '../../shared/ui/Screen';
import { StatusFilter, statusOptions, useStatusFilter } from '../../shared/ui/StatusFilter';
import { StatusWithReason } from '../../shared/ui/StatusTag';
import { RefreshButton } from '../../shared/ui/buttons';
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
  const { review, start, close } = useReview<Withdrawal>();
  const mayReview = may(funding.operatorWithdrawalApprove);

  return (
    <Screen
      title={STRINGS.screens.withdrawals}
      subtitle={Q.withdrawals.subtitle}
      testId="screen-withdrawals"
      extra={<RefreshButton onClick={() => list.refetch()} />}
    >
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <StatusFilter options={statusOptions(STATUS)} value={filter.status} onChange={filter.choose} />
          <QueryTable<Withdrawal>
            read={list}
            paging={filter.paging}
            size="middle"
            scroll={{ x: 1050 }}
            columns={[
              { title: Q.queue, dataIndex: 'queuePosition', width: 70, render: (value: number | null) => value ?? '—' },
              { title: C.customer, dataIndex: 'userAccount' },
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
              { title: C.requested, dataIndex: 'createTime', render: formatTime, width: 170 },
              {
                title: C.status,
                dataIndex: 'status',
                width: 120,
                render: (value: number, row) => (
                  <StatusWithReason status={value} styles={STATUS} reason={row.reviewReason} />
                ),
              },
              {
                title: C.actions,
                width: 180,
                fixed: 'right',
                render: (_, row) =>
                  row.status === 0 && mayReview ? (
                    <ReviewButtons row={row} start={start} approveTestId={`withdrawal-approve-${row.id}`} />
                  ) : (
                    <Typography.Text type="secondary">
                      {row.reviewTime ? formatTime(row.reviewTime) : '—'}
                    </Typography.Text>
                  ),
              },
            ]}
          />
        </Space>
      </Section>
      <ReviewDialog<Withdrawal>
        review={review}
        onClose={close}
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
    </Screen>
  );
}
