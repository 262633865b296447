import { funding, type AnswerOf } from '@kestrel/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Image, Segmented, Space, Table, Tag, Typography } from 'antd';
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

type Deposit = AnswerOf<typeof funding.operatorDeposits>;

const STATUS = {
  0: { label: Q.pending, color: 'processing' },
  1: { label: Q.confirmed, color: 'success' },
  2: { label: Q.rejected, color: 'error' },
};
const FILTERS = [
  { label: Q.pending, value: 0 },
  { label: Q.confirmed, value: 1 },
  { label: Q.rejected, value: 2 },
  { label: STRINGS.common.all, value: -1 },
];

export default function DepositsScreen() {
  const C = STRINGS.common;
  const [status, setStatus] = useState(0);
  const { page, pagination, reset } = usePaging();
  const query = { ...page, status: status >= 0 ? status : undefined };
  const list = useEndpoint(funding.operatorDeposits, query);
  const may = useMayCall();
  const notify = useNotify();
  const confirm = useAction(funding.operatorDepositConfirm, [funding.operatorDeposits]);
  const reject = useAction(funding.operatorDepositReject, [funding.operatorDeposits]);
  const [acting, setActing] = useState<{ kind: 'confirm' | 'reject'; row: Deposit } | null>(null);
  const mayReview = may(funding.operatorDepositConfirm);

  const summary = (row: Deposit) => (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={C.customer}>{row.userAccount}</Descriptions.Item>
      <Descriptions.Item label={Q.channel}>{row.channelName}</Descriptions.Item>
      <Descriptions.Item label={acting?.kind === 'confirm' ? Q.deposits.credit : C.amount}>
        <Money value={row.rechargeAmount} currency={row.currencyName} strong />
      </Descriptions.Item>
      <Descriptions.Item label={C.book}>{row.demo ? C.demo : C.real}</Descriptions.Item>
      <Descriptions.Item label={C.requested}>{formatTime(row.createTime)}</Descriptions.Item>
    </Descriptions>
  );

  return (
    <Screen
      title={STRINGS.screens.deposits}
      subtitle={Q.deposits.subtitle}
      testId="screen-deposits"
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
            data-testid="deposit-filter"
          />
          {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
          <Table<Deposit>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            pagination={pagination(list.data?.total)}
            scroll={{ x: 1000 }}
            locale={{ emptyText: C.empty }}
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
                        onClick={() => setActing({ kind: 'confirm', row })}
                        data-testid={`deposit-confirm-${row.id}`}
                      >
                        {C.confirm}
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
        title={acting?.kind === 'confirm' ? Q.deposits.confirmTitle : Q.deposits.rejectTitle}
        okText={acting?.kind === 'confirm' ? Q.deposits.confirmOk : Q.deposits.rejectOk}
        danger={acting?.kind === 'reject'}
        reasonRequired={acting?.kind === 'reject'}
        reasonLabel={acting?.kind === 'reject' ? Q.deposits.rejectReason : undefined}
        onCancel={() => setActing(null)}
        testId="deposit-review"
        onSubmit={async (reason) => {
          if (!acting) return;
          if (acting.kind === 'confirm') {
            await confirm.mutateAsync({ body: { id: acting.row.id, reason } });
            notify.done(Q.deposits.confirmed);
          } else {
            await reject.mutateAsync({ body: { id: acting.row.id, reason } });
            notify.done(Q.deposits.rejected);
          }
          setActing(null);
        }}
      >
        {acting ? summary(acting.row) : null}
      </ReasonModal>
    </Screen>
  );
}
