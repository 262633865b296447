import { funding, type AnswerOf } from '@kestrel/contract';
import { Image, Space, Tag, Typography } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { ListScreen } from '../../shared/ui/ListScreen';
import { Money } from '../../shared/ui/Money';
import { ReviewDialog, useReview } from '../../shared/ui/ReviewDialog';
import { StatusFilter, statusOptions, useStatusFilter } from '../../shared/ui/StatusFilter';
import { RefreshButton } from '../../shared/ui/buttons';
import { idColumn, timeColumn } from '../../shared/ui/columns';
import { reviewActionsColumn, reviewStatusColumn, reviewedAt } from '../../shared/ui/review-columns';
import { QUEUE_STRINGS as Q, STRINGS } from '../../shared/strings';

type Deposit = AnswerOf<typeof funding.operatorDeposits>;

const STATUS = {
  0: { label: Q.pending, color: 'processing' },
  1: { label: Q.confirmed, color: 'success' },
  2: { label: Q.rejected, color: 'error' },
};

export default function DepositsScreen() {
  const C = STRINGS.common;
  const filter = useStatusFilter(0);
  const list = useEndpoint(funding.operatorDeposits, filter.query);
  const may = useMayCall();
  const confirm = useAction(funding.operatorDepositConfirm, [funding.operatorDeposits]);
  const reject = useAction(funding.operatorDepositReject, [funding.operatorDeposits]);
  const reviewing = useReview<Deposit>();

  return (
    <ListScreen<Deposit>
      subtitle={Q.deposits.subtitle}
      extra={<RefreshButton onClick={() => list.refetch()} />}
      toolbar={<StatusFilter filter={filter} options={statusOptions(STATUS)} testId="deposit-filter" />}
      read={list}
      paging={filter.paging}
      size="middle"
      scroll={{ x: 1000 }}
      columns={[
        idColumn(70),
        {
          title: C.customer,
          dataIndex: 'userAccount',
          render: (value: string, row) => (
            <Space direction="vertical" size={0}>
              <span>{value}</span>
              {row.demo ? <Tag>{C.demo}</Tag> : null}
            </Space>
          ),
        },
        { title: Q.channel, dataIndex: 'channelName' },
        {
          title: C.amount,
          align: 'right',
          render: (_, row) => <Money value={row.rechargeAmount} currency={row.currencyName} strong />,
        },
        {
          title: Q.proof,
          dataIndex: 'rechargeImg',
          width: 90,
          render: (url: string) =>
            url ? (
              <Image src={url} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            ),
        },
        timeColumn(C.requested, 'createTime'),
        reviewStatusColumn(STATUS, 110),
        reviewActionsColumn({
          allowed: may(funding.operatorDepositConfirm),
          start: reviewing.start,
          approveLabel: C.confirm,
          approveTestId: (row) => `deposit-confirm-${row.id}`,
          settled: reviewedAt,
        }),
      ]}
    >
      <ReviewDialog<Deposit>
        reviewing={reviewing}
        title={{ approve: Q.deposits.confirmTitle, reject: Q.deposits.rejectTitle }}
        okText={{ approve: Q.deposits.confirmOk, reject: Q.deposits.rejectOk }}
        done={{ approve: Q.deposits.confirmed, reject: Q.deposits.rejected }}
        rejectReasonLabel={Q.deposits.rejectReason}
        testId="deposit-review"
        onApprove={(row, reason) => confirm.mutateAsync({ body: { id: row.id, reason } })}
        onReject={(row, reason) => reject.mutateAsync({ body: { id: row.id, reason } })}
        facts={(row, kind) => [
          [C.customer, row.userAccount],
          [Q.channel, row.channelName],
          [
            kind === 'approve' ? Q.deposits.credit : C.amount,
            <Money value={row.rechargeAmount} currency={row.currencyName} strong />,
          ],
          [C.book, row.demo ? C.demo : C.real],
          [C.requested, formatTime(row.createTime)],
        ]}
      />
    </ListScreen>
  );
}
