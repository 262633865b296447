import { operatorCustomers, type AnswerOf } from '@kestrel/contract';
import { Alert, Button, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { QueryTable } from '../../shared/ui/QueryTable';
import { Screen, Section } from '../../shared/ui/Screen';
import { StatusFilter, useStatusFilter } from '../../shared/ui/StatusFilter';
import { RefreshButton } from '../../shared/ui/buttons';
import { useNotify } from '../../shared/ui/notify';
import { HALT_STRINGS as T, STRINGS } from '../../shared/strings';

type Halt = AnswerOf<typeof operatorCustomers.operatorMoneyHalts>;
const C = STRINGS.common;
const SCOPE_COLORS: Record<Halt['scope'], string> = { account: 'orange', currency: 'volcano', all: 'red' };

/** What a halt covers, in words: the customer and account, the currency, or everything. */
function Covered(props: { halt: Halt }) {
  const { halt } = props;
  return (
    <Space direction="vertical" size={0}>
      <Tooltip title={T.scopeHelp[halt.scope]}>
        <Tag color={SCOPE_COLORS[halt.scope]}>{T.scopes[halt.scope]}</Tag>
      </Tooltip>
      {halt.scope === 'account' ? (
        <>
          <span>{halt.userAccount ?? `#${halt.userId}`}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {T.account} #{halt.ledgerAccountId} · {halt.book} · {halt.currencyName} {halt.accountKind}
          </Typography.Text>
        </>
      ) : null}
      {halt.scope === 'currency' ? <span>{halt.currencyName ?? `#${halt.currencyId}`}</span> : null}
    </Space>
  );
}

/** Money halts raised by reconcile runs: the standing ones first, each with its difference; an admin lifts one with a reason. */
export default function HaltsScreen() {
  const filter = useStatusFilter(1);
  const list = useEndpoint(operatorCustomers.operatorMoneyHalts, {
    ...filter.paging.page,
    standing: filter.status >= 0 ? filter.status : undefined,
  });
  const lift = useAction(operatorCustomers.operatorMoneyHaltLift, [
    operatorCustomers.operatorMoneyHalts,
    operatorCustomers.operatorDashboard,
  ]);
  const may = useMayCall();
  const mayLift = may(operatorCustomers.operatorMoneyHaltLift);
  const notify = useNotify();
  const [lifting, setLifting] = useState<Halt | null>(null);

  return (
    <Screen subtitle={T.subtitle} extra={<RefreshButton onClick={() => list.refetch()} />}>
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Space>
            <StatusFilter
              filter={filter}
              options={[
                { label: T.standing, value: 1 },
                { label: T.lifted, value: 0 },
              ]}
            />
            {mayLift ? null : <Typography.Text type="secondary">{T.adminOnly}</Typography.Text>}
          </Space>
          <QueryTable<Halt>
            read={list}
            paging={filter.paging}
            scroll={{ x: 1000 }}
            columns={[
              { title: C.id, dataIndex: 'id', width: 60 },
              { title: T.scope, width: 260, render: (_, row) => <Covered halt={row} /> },
              {
                title: T.difference,
                render: (_, row) => <Typography.Text className="mono">{row.reason}</Typography.Text>,
              },
              {
                title: T.found,
                width: 170,
                render: (_, row) => (
                  <Space direction="vertical" size={0}>
                    <span>{formatTime(row.foundAt)}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {T.run} #{row.reconcileRunId}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: C.status,
                width: 230,
                render: (_, row) =>
                  row.standing ? (
                    <Tag color="error">{T.standing}</Tag>
                  ) : (
                    <Space direction="vertical" size={0}>
                      <Tag color="default">{T.lifted}</Tag>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {T.liftedBy} {row.liftedByUsername ?? `#${row.liftedByStaffId}`} · {formatTime(row.liftedAt)}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.liftReason}
                      </Typography.Text>
                    </Space>
                  ),
              },
              {
                title: C.actions,
                width: 100,
                fixed: 'right',
                render: (_, row) =>
                  row.standing && mayLift ? (
                    <Button danger size="small" onClick={() => setLifting(row)} data-testid={`lift-${row.id}`}>
                      {T.lift}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Space>
      </Section>
      <ReasonModal
        open={lifting !== null}
        title={T.liftTitle}
        okText={T.lift}
        danger
        reasonRequired
        reasonLabel={T.liftReason}
        onCancel={() => setLifting(null)}
        onSubmit={async (reason) => {
          if (!lifting) return;
          await lift.mutateAsync({ body: { id: lifting.id, reason } });
          notify.done(T.liftedDone);
          setLifting(null);
        }}
        testId="lift-modal"
      >
        {lifting ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={T.liftHelp} />
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={T.scope}>
                <Covered halt={lifting} />
              </Descriptions.Item>
              <Descriptions.Item label={T.difference}>{lifting.reason}</Descriptions.Item>
              <Descriptions.Item label={T.found}>
                {formatTime(lifting.foundAt)} · {T.run} #{lifting.reconcileRunId}
              </Descriptions.Item>
            </Descriptions>
          </Space>
        ) : null}
      </ReasonModal>
    </Screen>
  );
}
