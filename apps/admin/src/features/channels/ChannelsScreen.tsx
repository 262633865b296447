import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Button, Col, Form, Input, InputNumber, Row, Select, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatRatePercent } from '../../shared/format/format';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { useNotify } from '../../shared/ui/notify';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.channels;
const L = PRODUCT_STRINGS.loans;
const C = STRINGS.common;
type Deposit = AnswerOf<typeof operatorSettings.operatorRechargeChannels>;
type Withdraw = AnswerOf<typeof operatorSettings.operatorWithdrawChannels>;
type DepositValues = Omit<
  Deposit,
  'id' | 'isVisible' | 'channelName' | 'channelType' | 'currencyId' | 'currencyName' | 'demoOnly'
> & { isVisible: boolean };
type WithdrawValues = Omit<
  Withdraw,
  'id' | 'isVisible' | 'channelName' | 'channelType' | 'currencyId' | 'currencyName'
> & { isVisible: boolean };

function DepositChannels() {
  const list = useEndpoint(operatorSettings.operatorRechargeChannels);
  const save = useAction(operatorSettings.operatorRechargeChannelSave, [operatorSettings.operatorRechargeChannels]);
  const notify = useNotify();
  const [form] = Form.useForm<DepositValues>();
  const [editing, setEditing] = useState<Deposit | null>(null);
  return (
    <>
      {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<Deposit>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: C.empty }}
        scroll={{ x: 1000 }}
        columns={[
          {
            title: C.name,
            dataIndex: 'channelName',
            render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
          },
          { title: T.type, dataIndex: 'channelType', width: 110, render: (value: number) => T.types[value] ?? value },
          { title: T.network, dataIndex: 'network', width: 90, render: (value: string) => value || '—' },
          {
            title: T.payee,
            dataIndex: 'payeeAddress',
            ellipsis: true,
            render: (value: string) => <span className="mono">{value || '—'}</span>,
          },
          {
            title: L.bounds,
            render: (_, row) => (
              <span>
                <Money value={row.minAmount} /> – <Money value={row.maxAmount} currency={row.currencyName} />
              </span>
            ),
          },
          {
            title: C.status,
            width: 150,
            render: (_, row) => (
              <>
                {row.isVisible ? <Tag color="success">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>}
                {row.demoOnly ? <Tag>{T.demoOnly}</Tag> : null}
              </>
            ),
          },
          {
            title: C.actions,
            width: 90,
            render: (_, row) => (
              <Button size="small" onClick={() => setEditing(row)}>
                {C.edit}
              </Button>
            ),
          },
        ]}
      />
      <EditDrawer<DepositValues>
        open={editing !== null}
        title={`${T.edit}: ${editing?.channelName ?? ''}`}
        form={form}
        initialValues={editing ? { ...editing, isVisible: editing.isVisible === 1 } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({
            body: {
              ...values,
              id: editing.id,
              isVisible: values.isVisible ? 1 : 0,
              network: values.network as (typeof operatorSettings.PAYEE_NETWORKS)[number],
            },
          });
          notify.done(T.saved);
        }}
      >
        <Form.Item name="network" label={T.network}>
          <Select
            options={operatorSettings.PAYEE_NETWORKS.map((value) => ({ value, label: value || '— (bank / demo)' }))}
          />
        </Form.Item>
        <Form.Item name="payeeAddress" label={T.payee}>
          <Input.TextArea rows={2} maxLength={500} className="mono" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="minAmount" label={L.minAmount} rules={[{ required: true }, DECIMAL_RULE]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="maxAmount" label={L.maxAmount} rules={[{ required: true }, DECIMAL_RULE]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="instructions" label={T.instructions}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="sort" label={C.sort}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="isVisible" label={C.visible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </EditDrawer>
    </>
  );
}

function WithdrawChannels() {
  const list = useEndpoint(operatorSettings.operatorWithdrawChannels);
  const save = useAction(operatorSettings.operatorWithdrawChannelSave, [operatorSettings.operatorWithdrawChannels]);
  const notify = useNotify();
  const [form] = Form.useForm<WithdrawValues>();
  const [editing, setEditing] = useState<Withdraw | null>(null);
  return (
    <>
      {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<Withdraw>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: C.empty }}
        columns={[
          {
            title: C.name,
            dataIndex: 'channelName',
            render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
          },
          {
            title: L.bounds,
            render: (_, row) => (
              <span>
                <Money value={row.minAmount} /> – <Money value={row.maxAmount} currency={row.currencyName} />
              </span>
            ),
          },
          { title: T.feeRate, dataIndex: 'feeRate', render: formatRatePercent },
          { title: T.feeFixed, render: (_, row) => <Money value={row.feeFixed} currency={row.currencyName} /> },
          { title: T.dailyCount, dataIndex: 'dailyCount', width: 80 },
          { title: T.openHours, dataIndex: 'openHours', width: 130 },
          {
            title: C.status,
            dataIndex: 'isVisible',
            width: 100,
            render: (value: number) => (value ? <Tag color="success">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>),
          },
          {
            title: C.actions,
            width: 90,
            render: (_, row) => (
              <Button size="small" onClick={() => setEditing(row)}>
                {C.edit}
              </Button>
            ),
          },
        ]}
      />
      <EditDrawer<WithdrawValues>
        open={editing !== null}
        title={`${T.edit}: ${editing?.channelName ?? ''}`}
        form={form}
        initialValues={editing ? { ...editing, isVisible: editing.isVisible === 1 } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({ body: { ...values, id: editing.id, isVisible: values.isVisible ? 1 : 0 } });
          notify.done(T.saved);
        }}
      >
        <Row gutter={12}>
          {(
            [
              ['minAmount', L.minAmount],
              ['maxAmount', L.maxAmount],
              ['feeRate', T.feeRate],
              ['feeFixed', T.feeFixed],
            ] as const
          ).map(([name, label]) => (
            <Col span={12} key={name}>
              <Form.Item name={name} label={label} rules={[{ required: true }, DECIMAL_RULE]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item name="dailyCount" label={T.dailyCount}>
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="openHours" label={T.openHours} rules={[{ required: true }]}>
              <Input placeholder="00:00-24:00" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sort" label={C.sort}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="isVisible" label={C.visible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </EditDrawer>
    </>
  );
}

export default function ChannelsScreen() {
  const may = useMayCall();
  return (
    <Screen title={STRINGS.screens.channels} subtitle={T.subtitle} testId="screen-channels">
      <Section>
        <Tabs
          items={[
            { key: 'deposit', label: T.deposit, children: <DepositChannels /> },
            ...(may(operatorSettings.operatorWithdrawChannels)
              ? [{ key: 'withdraw', label: T.withdraw, children: <WithdrawChannels /> }]
              : []),
          ]}
        />
      </Section>
    </Screen>
  );
}
