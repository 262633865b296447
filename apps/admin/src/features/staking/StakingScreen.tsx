import { staking, type AnswerOf } from '@kestrel/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useCurrencies } from '../../shared/api/reference';
import { useMayCall } from '../../shared/api/use-session';
import { formatRatePercent } from '../../shared/format/format';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.staking;
const L = PRODUCT_STRINGS.loans;
const C = STRINGS.common;
type Product = AnswerOf<typeof staking.operatorStakingProducts>;
interface Values {
  name: string;
  description: string;
  currencyId: number;
  termDays: number;
  dailyRate: string;
  minAmount: string;
  maxAmount: string;
  perCustomerMax: string;
  penaltyRate: string;
  quota: string;
  paused: boolean;
  demoAllowed: boolean;
  visible: boolean;
}

export default function StakingScreen() {
  const { page, pagination } = usePaging();
  const list = useEndpoint(staking.operatorStakingProducts, page);
  const save = useAction(staking.operatorStakingProductSave, [
    staking.operatorStakingProducts,
    staking.stakingProductList,
  ]);
  const currencies = useCurrencies();
  const may = useMayCall();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<{ id?: number; values: Partial<Values> } | null>(null);
  return (
    <Screen
      title={STRINGS.screens.staking}
      subtitle={T.subtitle}
      testId="screen-staking"
      extra={
        may(staking.operatorStakingProductSave) ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ values: { termDays: 30, paused: false, demoAllowed: true, visible: true } })}
          >
            {T.newProduct}
          </Button>
        ) : null
      }
    >
      <Section>
        {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
        <Table<Product>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          pagination={pagination(list.data?.total)}
          locale={{ emptyText: C.empty }}
          scroll={{ x: 1000 }}
          className="table-nowrap-head"
          columns={[
            { title: C.name, dataIndex: 'name', width: 170 },
            { title: L.term, render: (_, row) => <span className="nowrap">{`${row.termDays} ${L.days}`}</span> },
            { title: L.dailyRate, render: (_, row) => formatRatePercent(row.dailyRate) },
            { title: T.annual, render: (_, row) => formatRatePercent(row.annualRate) },
            {
              title: L.bounds,
              render: (_, row) => (
                <span className="nowrap">
                  <Money value={row.minAmount} /> – <Money value={row.maxAmount} currency={row.currencyName} />
                </span>
              ),
            },
            {
              title: T.quotaLeft,
              align: 'right',
              render: (_, row) => (
                <Space direction="vertical" size={0} align="end">
                  <Money value={row.quotaRemaining} strong />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {T.of} <Money value={row.quota} />
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: C.status,
              render: (_, row) => (
                <Space direction="vertical" size={4}>
                  {row.visible ? <Tag color="blue">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>}
                  {row.acceptingOrders ? (
                    <Tag color="success">{T.accepting}</Tag>
                  ) : (
                    <Tag color="warning">{T.closedReasons[row.closedReason ?? ''] ?? T.closed}</Tag>
                  )}
                </Space>
              ),
            },
            {
              title: C.actions,
              width: 90,
              render: (_, row) =>
                may(staking.operatorStakingProductSave) ? (
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({
                        id: row.id,
                        values: {
                          ...row,
                          paused: row.closedReason === 'paused',
                          demoAllowed: row.demoAllowed === 1,
                          visible: row.visible,
                        },
                      })
                    }
                  >
                    {C.edit}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Section>
      <EditDrawer<Values>
        open={editing !== null}
        title={editing?.id ? T.editProduct : T.newProduct}
        form={form}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            body: {
              ...values,
              id: editing?.id,
              paused: values.paused ? 1 : 0,
              demoAllowed: values.demoAllowed ? 1 : 0,
              visible: values.visible ? 1 : 0,
            },
          });
          notify.done(T.saved);
        }}
      >
        <Form.Item name="name" label={C.name} rules={[{ required: true }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="description" label={C.description}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="currencyId" label={C.currency} rules={[{ required: true }]}>
              <Select options={currencies.options} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="termDays" label={`${L.term} (${L.days})`} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {(
            [
              ['dailyRate', L.dailyRate],
              ['penaltyRate', T.penalty],
              ['minAmount', L.minAmount],
              ['maxAmount', L.maxAmount],
              ['perCustomerMax', T.perCustomerMax],
              ['quota', T.quota],
            ] as const
          ).map(([name, label]) => (
            <Col span={12} key={name}>
              <Form.Item name={name} label={label} rules={[{ required: true }, DECIMAL_RULE]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item name="paused" label={L.paused} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="demoAllowed" label={L.demoAllowed} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="visible" label={C.visible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </EditDrawer>
    </Screen>
  );
}
