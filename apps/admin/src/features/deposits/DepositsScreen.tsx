import { funding, type AnswerOf } from '@kestrel/contract';
import { Image, Space, Tag, Typography } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { Money } from '../../shared/ui/Money';
import { QueryTable } from '../../shared/ui/QueryTable';
import { ReviewButtons, ReviewDialog, useReview } from '../../shared/ui/ReviewDialog';
import { Screen, Section } from '../../shared/ui/Screen';
import { StatusFilter, statusOptions, useStatusFilter } from '../../shared/ui/StatusFilter';
import { StatusWithReason } from '../../shared/ui/StatusTag';
import { RefreshButton } from '../../shared/ui/buttons';
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
  const { review, start, close } = useReview<Deposit>();
  const mayReview = may(funding.operatorDepositConfirm);

  return (
    <Screen
      title={STRINGS.screens.deposits}
      subtitle={Q.deposits.subtitle}
      testId="screen-deposits"
      extra={<RefreshButton onClick={() => list.refetch()} />}
    >
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <StatusFilter
            options={statusOptions(STATUS)}
            value={filter.status}
            onChange={filter.choose}
            testId="deposit-filter"
          />
          <QueryTable<Deposit>
            read={list}
            paging={filter.paging}
            size="middle"
            scroll={{ x: 1000 }}
            columns={[
              { title: C.id, dataIndex: 'id', width: 70 },
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
              { title: C.requested, dataIndex: 'createTime', render: formatTime, width: 170 },
              {
                title: C.status,
                dataIndex: 'status',
                width: 110,
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
                    <ReviewButtons
                      row={row}
                      start={start}
                      approveLabel={C.confirm}
                      approveTestId={`deposit-confirm-${row.id}`}
                    />
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
      <ReviewDialog<Deposit>
        review={review}
        onClose={close}
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
    </Screen>
  );
}
