import { funding, type AnswerOf } from '@kestrel/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { Money } from '../../shared/ui/Money';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { QUEUE_STRINGS as Q, STRINGS } from '../../shared/strings';

type Withdrawal = AnswerOf<typeof funding.operatorWithdrawals>;

const STATUS = {
  0: { label: Q.pending, color: 'processing' },
  1: { label: Q.paid, color: 'success' },
  2: { label: Q.rejected, color: 'error' },
  3: { label: Q.cancelled, color: 'default' },
};
const FILTERS = [
  { label: Q.pending, value: 0 },
  { label: Q.paid, value: 1 },
  { label: Q.rejected, value: 2 },
  { label: Q.cancelled, value: 3 },
  { label: STRINGS.common.all, value: -1 },
];

export default function WithdrawalsScreen() {
  const C = STRINGS.common;
  const [status, setStatus] = useState(0);
  const { page, pagination, reset } = usePaging();
  const list = useEndpoint(funding.operatorWithdrawals, { ...page, status: status >= 0 ? status : undefined });
  const may = useMayCall();
  const notify = useNotify();
  const approve = useAction(funding.operatorWithdrawalApprove, [funding.operatorWithdrawals]);
  const reject = useAction(funding.operatorWithdrawalReject, [funding.operatorWithdrawals]);
  const [acting, setActing] = useState<{ kind: 'approve' | 'reject'; row: Withdrawal } | null>(null);
  const mayReview = may(funding.operatorWithdrawalApprove);

  const summary = (row: Withdrawal) => (
    <Space direction="vertical" style={{ width: '100%' }}>
      {acting?.kind === 'approve' ? <Alert type="warning" showIcon message={Q.withdrawals.approveHint} /> : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={C.customer}>{row.userAccount}</Descriptions.Item>
        <Descriptions.Item label={Q.channel}>{row.channelName}</Descriptions.Item>
        <Descriptions.Item label={C.amount}>
          <Money value={row.withdrawAmount} currency={row.currencyName} />
        </Descriptions.Item>
        <Descriptions.Item label={Q.fee}>
          <Money value={row.fee} currency={row.currencyName} />
        </Descriptions.Item>
        <Descriptions.Item label={Q.net}>
          <Money value={row.netAmount} currency={row.currencyName} strong />
        </Descriptions.Item>
        <Descriptions.Item label={Q.destination}>
          <span className="mono">{row.destination}</span>
        </Descriptions.Item>
        <Descriptions.Item label={C.requested}>{formatTime(row.createTime)}</Descriptions.Item>
      </Descriptions>
    </Space>
  );

  return (
    <Screen
      title={STRINGS.screens.withdrawals}
      subtitle={Q.withdrawals.subtitle}
      testId="screen-withdrawals"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
          {C.refresh}
        </Button>
      }
    >
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Segmented
            options={FILTERS}
            value={status}
            onChange={(value) => {
              setStatus(Number(value));
              reset();
            }}
          />
          {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
          <Table<Withdrawal>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            pagination={pagination(list.data?.total)}
            scroll={{ x: 1050 }}
            locale={{ emptyText: C.empty }}
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
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {Q.fee} <Money value={row.fee} />
                    </Typography.Text>
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
                  <Space direction="vertical" size={0}>
                    <StatusTag status={value} styles={STATUS} />
                    {row.reviewReason ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.reviewReason}
                      </Typography.Text>
                    ) : null}
                  </Space>
                ),
              },
              {
                title: C.actions,
                width: 180,
                fixed: 'right',
                render: (_, row) =>
                  row.status === 0 && mayReview ? (
                    <Space>
                      <Button
                        type="primary"
                        size="small"
                        onClick={() => setActing({ kind: 'approve', row })}
                        data-testid={`withdrawal-approve-${row.id}`}
                      >
                        {C.approve}
                      </Button>
                      <Button danger size="small" onClick={() => setActing({ kind: 'reject', row })}>
                        {C.reject}
                      </Button>
                    </Space>
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
      <ReasonModal
        open={acting !== null}
        title={acting?.kind === 'approve' ? Q.withdrawals.approveTitle : Q.withdrawals.rejectTitle}
        okText={acting?.kind === 'approve' ? Q.withdrawals.approveOk : Q.withdrawals.rejectOk}
        danger={acting?.kind === 'reject'}
        reasonRequired={acting?.kind === 'reject'}
        reasonLabel={acting?.kind === 'reject' ? Q.withdrawals.rejectReason : undefined}
        onCancel={() => setActing(null)}
        testId="withdrawal-review"
        onSubmit={async (reason) => {
          if (!acting) return;
          if (acting.kind === 'approve') {
            await approve.mutateAsync({ body: { id: acting.row.id, reason } });
            notify.done(Q.withdrawals.approved);
          } else {
            await reject.mutateAsync({ body: { id: acting.row.id, reason } });
            notify.done(Q.withdrawals.rejected);
          }
          setActing(null);
        }}
      >
        {acting ? summary(acting.row) : null}
      </ReasonModal>
    </Screen>
  );
}
