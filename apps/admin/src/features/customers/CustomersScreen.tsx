import { operatorCustomers, type AnswerOf } from '@kestrel/contract';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Input, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { Money } from '../../shared/ui/Money';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { QueryTable } from '../../shared/ui/QueryTable';
import { ListScreen } from '../../shared/ui/ListScreen';
import { LoadError } from '../../shared/ui/Screen';
import { idColumn, timeColumn } from '../../shared/ui/columns';
import { useNotify } from '../../shared/ui/notify';
import { useFilteredPaging, usePaging } from '../../shared/ui/paging';
import { CUSTOMER_STRINGS as T, STRINGS } from '../../shared/strings';

type Customer = AnswerOf<typeof operatorCustomers.operatorCustomers>;
type Balance = AnswerOf<typeof operatorCustomers.operatorCustomerDetail>['balances'][number];
type Line = AnswerOf<typeof operatorCustomers.operatorCustomerStatement>;
type SessionRow = AnswerOf<typeof operatorCustomers.operatorCustomerSessions>;

const C = STRINGS.common;

function contactOf(row: Customer): string {
  if (row.email) return row.email;
  if (row.phone) return `${row.areaCode ? `+${row.areaCode} ` : ''}${row.phone}`;
  return '—';
}

function Statement(props: { id: number }) {
  const paging = usePaging(10);
  const lines = useEndpoint(operatorCustomers.operatorCustomerStatement, { ...paging.page, id: props.id });
  // A failed read takes the tab's place.
  if (lines.error) return <LoadError error={lines.error} onRetry={() => lines.refetch()} />;
  return (
    <QueryTable<Line>
      read={lines}
      paging={paging}
      rowKey="postingId"
      size="small"
      scroll={{ x: 900 }}
      columns={[
        timeColumn(C.time, 'time', 160),
        {
          title: T.reasonCode,
          dataIndex: 'reasonCode',
          render: (value: string, line) => (
            <Space direction="vertical" size={0}>
              <Tag>{value}</Tag>
              {line.memo ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {line.memo}
                </Typography.Text>
              ) : null}
            </Space>
          ),
        },
        { title: T.kind, width: 110, render: (_, line) => `${line.book} · ${line.kind}` },
        {
          title: C.amount,
          align: 'right',
          render: (_, line) => <Money value={line.amount} currency={line.currencyName} strong />,
        },
        { title: T.balanceAfter, align: 'right', render: (_, line) => <Money value={line.balanceAfter} /> },
        {
          title: T.actor,
          width: 120,
          render: (_, line) => `${line.actorType}${line.actorId ? ` ${line.actorId}` : ''}`,
        },
      ]}
    />
  );
}

function Sessions(props: { id: number }) {
  const sessions = useEndpoint(operatorCustomers.operatorCustomerSessions, { id: props.id });
  // A failed read takes the tab's place.
  if (sessions.error) return <LoadError error={sessions.error} onRetry={() => sessions.refetch()} />;
  return (
    <QueryTable<SessionRow>
      read={sessions}
      rowKey="sessionId"
      size="small"
      pagination={false}
      columns={[
        { title: T.device, dataIndex: 'deviceLabel' },
        { title: T.ip, dataIndex: 'ip', width: 140 },
        timeColumn(C.created, 'createdAt', 160),
        timeColumn(T.lastUsed, 'lastUsedAt', 160),
      ]}
    />
  );
}

function CustomerDrawer(props: { id: number | null; onClose: () => void; onOpen: (id: number) => void }) {
  const detail = useEndpoint(
    operatorCustomers.operatorCustomerDetail,
    { id: props.id ?? 0 },
    { enabled: props.id !== null },
  );
  const may = useMayCall();
  const notify = useNotify();
  const lock = useAction(operatorCustomers.operatorCustomerLock, [
    operatorCustomers.operatorCustomerDetail,
    operatorCustomers.operatorCustomers,
    operatorCustomers.operatorCustomerSessions,
  ]);
  const unlock = useAction(operatorCustomers.operatorCustomerUnlock, [
    operatorCustomers.operatorCustomerDetail,
    operatorCustomers.operatorCustomers,
  ]);
  const [locking, setLocking] = useState(false);
  const data = detail.data;
  const mayLock = may(operatorCustomers.operatorCustomerLock);

  return (
    <Drawer
      open={props.id !== null}
      onClose={props.onClose}
      width={920}
      title={data ? `${T.detail}: ${data.userAccount}` : T.detail}
      extra={
        data && mayLock ? (
          <Button
            danger={!data.locked}
            icon={data.locked ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() => setLocking(true)}
            data-testid="customer-lock"
          >
            {data.locked ? T.unlock : T.lock}
          </Button>
        ) : null
      }
    >
      {detail.error ? <LoadError error={detail.error} onRetry={() => detail.refetch()} /> : null}
      {!data && detail.isLoading ? <Skeleton active /> : null}
      {data ? (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          {data.lock ? (
            <Alert
              type="error"
              showIcon
              message={`${T.lockedBy} ${formatTime(data.lock.lockedAt)} ${T.lockedByStaff} ${data.lock.lockedByUsername}`}
              description={data.lock.reason}
            />
          ) : null}
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label={T.account}>{data.userAccount}</Descriptions.Item>
            <Descriptions.Item label={C.id}>{data.id}</Descriptions.Item>
            <Descriptions.Item label={T.type}>{data.accountType === 2 ? C.demo : C.real}</Descriptions.Item>
            <Descriptions.Item label={T.nickName}>{data.nickName || '—'}</Descriptions.Item>
            <Descriptions.Item label={T.inviteCode}>{data.inviteCode}</Descriptions.Item>
            <Descriptions.Item label={T.languageCol}>{data.language ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.joined}>{formatTime(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={T.lastSignIn}>{formatTime(data.lastSignInAt)}</Descriptions.Item>
            <Descriptions.Item label={T.linked}>
              {data.linkedUserId ? (
                <Typography.Link
                  onClick={() => props.onOpen(data.linkedUserId ?? data.id)}
                  data-testid="customer-linked"
                >
                  {data.linkedUserAccount ?? data.linkedUserId}
                </Typography.Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={T.identity} span={2}>
              <Space wrap>
                {data.identity.map((level) => (
                  <Tag
                    key={level.level}
                    color={
                      level.status === 2
                        ? 'success'
                        : level.status === 1
                          ? 'processing'
                          : level.status === 3
                            ? 'error'
                            : 'default'
                    }
                  >
                    {T.levels[level.level] ?? level.level}: {T.identityStatus[level.status] ?? level.status}
                  </Tag>
                ))}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={T.passwordLock}>
              {data.passwordLockedUntil ? formatTime(data.passwordLockedUntil) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={T.activity} span={3}>
              <Space wrap size={[16, 4]}>
                <span>
                  {T.contracts}: {data.openContracts}
                </span>
                <span>
                  {T.spot}: {data.heldSpot}
                </span>
                <span>
                  {T.fastTrades}: {data.openFastTrades}
                </span>
                <span>
                  {T.coinOrders}: {data.openCoinOrders}
                </span>
                <span>
                  {T.loans}: {data.activeLoans}
                </span>
                <span>
                  {T.pendingDeposits}: {data.pendingDeposits}
                </span>
                <span>
                  {T.pendingWithdrawals}: {data.pendingWithdrawals}
                </span>
              </Space>
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'balances',
                label: T.balances,
                children: (
                  <Table<Balance>
                    rowKey={(row) => `${row.book}-${row.currencyId}`}
                    size="small"
                    pagination={false}
                    dataSource={data.balances}
                    locale={{ emptyText: T.noBalances }}
                    columns={[
                      { title: C.currency, dataIndex: 'currencyName' },
                      {
                        title: C.book,
                        dataIndex: 'book',
                        render: (book: string) => <Tag color={book === 'real' ? 'blue' : 'default'}>{book}</Tag>,
                      },
                      {
                        title: T.available,
                        align: 'right',
                        render: (_, row) => <Money value={row.available} strong />,
                      },
                      { title: T.frozen, align: 'right', render: (_, row) => <Money value={row.frozen} /> },
                      { title: T.margin, align: 'right', render: (_, row) => <Money value={row.margin} /> },
                      { title: T.staked, align: 'right', render: (_, row) => <Money value={row.staked} /> },
                    ]}
                  />
                ),
              },
              { key: 'statement', label: T.statement, children: <Statement id={data.id} /> },
              { key: 'sessions', label: T.sessions, children: <Sessions id={data.id} /> },
            ]}
          />
        </Space>
      ) : null}
      <ReasonModal
        open={locking}
        title={data?.locked ? T.unlockTitle : T.lockTitle}
        okText={data?.locked ? T.unlock : T.lock}
        danger={!data?.locked}
        reasonRequired
        onCancel={() => setLocking(false)}
        onSubmit={async (reason) => {
          if (!data) return;
          if (data.locked) {
            await unlock.mutateAsync({ body: { id: data.id, reason } });
            notify.done(T.unlockedDone);
          } else {
            await lock.mutateAsync({ body: { id: data.id, reason } });
            notify.done(T.lockedDone);
          }
          setLocking(false);
        }}
      >
        {data && !data.locked ? <Alert type="warning" showIcon message={T.lockHelp} /> : null}
      </ReasonModal>
    </Drawer>
  );
}

export default function CustomersScreen() {
  const [selected, setSelected] = useState<number | null>(null);
  const filtered = useFilteredPaging<{ search?: string }>({});
  const list = useEndpoint(operatorCustomers.operatorCustomers, filtered.query);

  return (
    <ListScreen<Customer>
      subtitle={T.subtitle}
      toolbar={
        <Input.Search
          allowClear
          enterButton={C.search}
          placeholder={T.searchPlaceholder}
          style={{ maxWidth: 520 }}
          onSearch={(value) => filtered.set({ search: value.trim() || undefined })}
          data-testid="customer-search"
        />
      }
      read={list}
      paging={filtered.paging}
      onRow={(row) => ({ onClick: () => setSelected(row.id), style: { cursor: 'pointer' } })}
      columns={[
        idColumn(80),
        {
          title: T.account,
          width: 300,
          render: (_, row) => {
            const contact = contactOf(row);
            return (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.userAccount}</Typography.Text>
                {contact !== '—' && contact !== row.userAccount ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {contact}
                  </Typography.Text>
                ) : null}
              </Space>
            );
          },
        },
        { title: T.nickName, dataIndex: 'nickName' },
        {
          title: T.type,
          dataIndex: 'accountType',
          width: 90,
          render: (value: number) => (
            <Tag color={value === 2 ? 'default' : 'blue'}>{value === 2 ? C.demo : C.real}</Tag>
          ),
        },
        { title: T.inviteCode, dataIndex: 'inviteCode', width: 120 },
        {
          title: T.joined,
          dataIndex: 'createdAt',
          width: 180,
          render: (value: number) => <span className="nowrap">{formatTime(value)}</span>,
        },
        {
          title: C.status,
          dataIndex: 'locked',
          width: 100,
          render: (value: number) =>
            value ? <Tag color="error">{T.locked}</Tag> : <Tag color="success">{T.active}</Tag>,
        },
        {
          title: C.actions,
          width: 90,
          render: (_, row) => (
            <Button size="small" onClick={() => setSelected(row.id)}>
              {C.view}
            </Button>
          ),
        },
      ]}
    >
      <CustomerDrawer id={selected} onClose={() => setSelected(null)} onOpen={setSelected} />
    </ListScreen>
  );
}
