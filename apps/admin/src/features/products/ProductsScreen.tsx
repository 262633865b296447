import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { formatRatePercent } from '../../shared/format/format';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { QueryTable } from '../../shared/ui/QueryTable';
import { TabbedScreen } from '../../shared/ui/Screen';
import { VisibleTag } from '../../shared/ui/StatusTag';
import { EditButton } from '../../shared/ui/buttons';
import { DecimalFields, SwitchField, WholeNumberField } from '../../shared/ui/fields';
import { useNotify } from '../../shared/ui/notify';
import { localPagination, usePaging } from '../../shared/ui/paging';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.products;
const C = STRINGS.common;
type Product = AnswerOf<typeof operatorSettings.operatorProducts>;
type Fee = AnswerOf<typeof operatorSettings.operatorFeeSettings>;
type TradeSetting = NonNullable<Product['tradeSetting']>;
interface ProductValues {
  isVisible: boolean;
  sort: number;
  isLock: boolean;
  recommended: boolean;
  recommendSort: number;
}

function Products() {
  const [filters, setFilters] = useState<{ productType?: number; keyWords?: string }>({});
  const paging = usePaging();
  const list = useEndpoint(operatorSettings.operatorProducts, { ...paging.page, ...filters });
  const save = useAction(operatorSettings.operatorProductSave, [operatorSettings.operatorProducts]);
  const saveTrade = useAction(operatorSettings.operatorTradeSettingSave, [operatorSettings.operatorProducts]);
  const notify = useNotify();
  const [form] = Form.useForm<ProductValues>();
  const [tradeForm] = Form.useForm<TradeSetting>();
  const [editing, setEditing] = useState<Product | null>(null);
  const [trading, setTrading] = useState<Product | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Space>
        <Select
          allowClear
          placeholder={T.type}
          style={{ width: 160 }}
          options={Object.entries(T.types).map(([value, label]) => ({ value: Number(value), label }))}
          onChange={(productType?: number) => {
            setFilters((current) => ({ ...current, productType }));
            paging.reset();
          }}
        />
        <Input.Search
          allowClear
          placeholder={T.searchPlaceholder}
          style={{ width: 260 }}
          onSearch={(value) => {
            setFilters((current) => ({ ...current, keyWords: value.trim() || undefined }));
            paging.reset();
          }}
        />
      </Space>
      <QueryTable<Product>
        read={list}
        paging={paging}
        size="middle"
        scroll={{ x: 1000 }}
        columns={[
          {
            title: C.name,
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.productCode}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.name}
                </Typography.Text>
              </Space>
            ),
          },
          { title: T.type, dataIndex: 'productType', width: 100, render: (value: number) => T.types[value] ?? value },
          {
            title: T.positionTypes,
            dataIndex: 'positionTypes',
            width: 130,
            render: (value: string) =>
              value
                .split('/')
                .filter(Boolean)
                .map((code) => T.positionTypeNames[code.trim()] ?? code)
                .join(', '),
          },
          { title: C.sort, dataIndex: 'sort', width: 70 },
          {
            title: C.status,
            width: 200,
            render: (_, row) => (
              <Space size={4} wrap>
                <VisibleTag visible={row.isVisible} />
                {row.isLock ? <Tag color="error">{T.locked}</Tag> : null}
                {row.recommended ? <Tag color="blue">{T.recommended}</Tag> : null}
              </Space>
            ),
          },
          {
            title: T.tradeSettings,
            render: (_, row) =>
              row.tradeSetting ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  x{row.tradeSetting.leverList} · {row.tradeSetting.tradingWindows.length || 'session'} windows
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: C.actions,
            width: 190,
            fixed: 'right',
            render: (_, row) => (
              <Space>
                <EditButton onClick={() => setEditing(row)} />
                {row.tradeSetting || row.positionTypes.includes('1') ? (
                  <Button size="small" onClick={() => setTrading(row)}>
                    {T.editTrade}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <EditDrawer<ProductValues>
        open={editing !== null}
        title={`${T.editProduct}: ${editing?.productCode ?? ''}`}
        form={form}
        initialValues={
          editing
            ? {
                isVisible: editing.isVisible === 1,
                sort: editing.sort,
                isLock: editing.isLock === 1,
                recommended: editing.recommended === 1,
                recommendSort: editing.recommendSort ?? 0,
              }
            : undefined
        }
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({
            body: {
              id: editing.id,
              isVisible: values.isVisible ? 1 : 0,
              sort: values.sort,
              isLock: values.isLock ? 1 : 0,
              recommended: values.recommended ? 1 : 0,
              recommendSort: values.recommendSort ?? 0,
              reason: values.reason,
            },
          });
          notify.done(T.saved);
        }}
      >
        <Row gutter={12}>
          <SwitchField name="isVisible" label={C.visible} span={12} />
          <SwitchField name="isLock" label={T.locked} span={12} />
          <WholeNumberField name="sort" label={C.sort} span={12} />
          <SwitchField name="recommended" label={T.recommended} span={12} />
          <WholeNumberField name="recommendSort" label={T.recommendSort} span={12} />
        </Row>
      </EditDrawer>
      <EditDrawer<TradeSetting>
        open={trading !== null}
        title={`${T.editTrade}: ${trading?.productCode ?? ''}`}
        form={tradeForm}
        width={640}
        initialValues={trading?.tradeSetting ?? { tradingWindows: [], liquidationMethod: 1, minHoldSeconds: 0 }}
        onClose={() => setTrading(null)}
        onSubmit={async (values) => {
          if (!trading) return;
          await saveTrade.mutateAsync({
            body: { ...values, productCode: trading.productCode, tradingWindows: values.tradingWindows ?? [] },
          });
          notify.done(T.tradeSaved);
        }}
      >
        <Form.Item
          name="leverList"
          label={T.leverList}
          rules={[{ required: true }, { pattern: /^\d+(\/\d+)*$/, message: '1/2/5/10' }]}
        >
          <Input />
        </Form.Item>
        <Row gutter={12}>
          <DecimalFields
            fields={[
              ['minQuantity', T.minQuantity],
              ['maxQuantity', T.maxQuantity],
              ['minMargin', T.minMargin],
              ['maxMargin', T.maxMargin],
              ['maxBalanceShare', T.maxBalanceShare],
              ['liquidationRatio', T.liquidationRatio],
            ]}
          />
          <WholeNumberField name="minHoldSeconds" label={T.minHold} span={12} max={86400} />
          <Col span={12}>
            <Form.Item name="liquidationMethod" label={T.liquidationMethod}>
              <Select options={[1, 2, 3].map((value) => ({ value, label: `Method ${value}` }))} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{T.windows}</Typography.Text>
        <Form.List name="tradingWindows">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'weekday']} rules={[{ required: true }]}>
                    <Select style={{ width: 90 }} options={T.weekdays.map((label, value) => ({ value, label }))} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'from']}
                    rules={[{ required: true, pattern: /^\d\d:\d\d$/, message: 'HH:MM' }]}
                  >
                    <Input placeholder={T.from} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'to']}
                    rules={[{ required: true, pattern: /^\d\d:\d\d$/, message: 'HH:MM' }]}
                  >
                    <Input placeholder={T.to} style={{ width: 90 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Form.Item>
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ weekday: 1, from: '00:00', to: '24:00' })}
                >
                  {T.addWindow}
                </Button>
              </Form.Item>
            </div>
          )}
        </Form.List>
      </EditDrawer>
    </Space>
  );
}

function Fees() {
  const list = useEndpoint(operatorSettings.operatorFeeSettings);
  const save = useAction(operatorSettings.operatorFeeSettingSave, [operatorSettings.operatorFeeSettings]);
  const notify = useNotify();
  const [form] = Form.useForm<{ feeRate: string }>();
  const [editing, setEditing] = useState<Fee | null>(null);
  return (
    <>
      <QueryTable<Fee>
        read={list}
        size="middle"
        pagination={localPagination(12)}
        columns={[
          { title: T.remark, dataIndex: 'remark' },
          {
            title: T.feeRate,
            dataIndex: 'feeRate',
            width: 140,
            render: (value: string) => `${value} (${formatRatePercent(value)})`,
          },
          {
            title: T.classifies,
            render: (_, row) =>
              row.productType === null ? (
                <Tag color="warning">{T.unclassified}</Tag>
              ) : (
                <span>
                  {T.types[row.productType] ?? row.productType} ·{' '}
                  {row.positionType === null
                    ? '—'
                    : (T.positionTypeNames[String(row.positionType)] ?? row.positionType)}{' '}
                  · side {row.exchangeType ?? '—'}
                </span>
              ),
          },
          {
            title: C.actions,
            width: 90,
            render: (_, row) => <EditButton onClick={() => setEditing(row)} />,
          },
        ]}
      />
      <EditDrawer<{ feeRate: string }>
        open={editing !== null}
        title={`${T.feeRate}: ${editing?.remark ?? ''}`}
        form={form}
        initialValues={editing ? { feeRate: editing.feeRate } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({ body: { id: editing.id, feeRate: values.feeRate.trim(), reason: values.reason } });
          notify.done(T.feeSaved);
        }}
      >
        <Form.Item
          name="feeRate"
          label={`${T.feeRate} (0 – ${operatorSettings.FEE_RATE_MAX})`}
          rules={[{ required: true }, DECIMAL_RULE]}
        >
          <Input />
        </Form.Item>
      </EditDrawer>
    </>
  );
}

export default function ProductsScreen() {
  return (
    <TabbedScreen
      title={STRINGS.screens.products}
      subtitle={T.subtitle}
      testId="screen-products"
      tabs={[
        { key: 'products', label: T.list, children: <Products /> },
        { key: 'fees', label: T.fees, children: <Fees /> },
      ]}
    />
  );
}
