import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { formatRatePercent } from '../../shared/format/format';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { FilterSelect } from '../../shared/ui/FilterSelect';
import { ListPanel } from '../../shared/ui/ListScreen';
import { QueryTable } from '../../shared/ui/QueryTable';
import { tabbedScreen } from '../../shared/ui/Screen';
import { VisibleTag } from '../../shared/ui/StatusTag';
import { EditButton } from '../../shared/ui/buttons';
import { editColumn } from '../../shared/ui/columns';
import { DecimalFields, SwitchField, WholeNumberField } from '../../shared/ui/fields';
import { localPagination, useFilteredPaging } from '../../shared/ui/paging';
import { useRowEditor } from '../../shared/ui/use-editor';
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
  const filtered = useFilteredPaging<{ productType?: number; keyWords?: string }>({});
  const list = useEndpoint(operatorSettings.operatorProducts, filtered.query);
  const save = useAction(operatorSettings.operatorProductSave, [operatorSettings.operatorProducts]);
  const saveTrade = useAction(operatorSettings.operatorTradeSettingSave, [operatorSettings.operatorProducts]);
  const editor = useRowEditor<Product, ProductValues>((row) => ({
    isVisible: row.isVisible === 1,
    sort: row.sort,
    isLock: row.isLock === 1,
    recommended: row.recommended === 1,
    recommendSort: row.recommendSort ?? 0,
  }));
  const tradeEditor = useRowEditor<Product, TradeSetting>(
    (row) => row.tradeSetting ?? { tradingWindows: [], liquidationMethod: 1, minHoldSeconds: 0 },
  );
  return (
    <ListPanel<Product>
      toolbar={
        <Space>
          <FilterSelect
            placeholder={T.type}
            width={160}
            options={Object.entries(T.types).map(([value, label]) => ({ value: Number(value), label }))}
            onChange={(productType) => filtered.set({ productType })}
          />
          <Input.Search
            allowClear
            placeholder={T.searchPlaceholder}
            style={{ width: 260 }}
            onSearch={(value) => filtered.set({ keyWords: value.trim() || undefined })}
          />
        </Space>
      }
      read={list}
      paging={filtered.paging}
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
              <EditButton onClick={() => editor.edit(row)} />
              {row.tradeSetting || row.positionTypes.includes('1') ? (
                <Button size="small" onClick={() => tradeEditor.edit(row)}>
                  {T.editTrade}
                </Button>
              ) : null}
            </Space>
          ),
        },
      ]}
    >
      <EditDrawer<ProductValues>
        {...editor.drawer}
        title={`${T.editProduct}: ${editor.row?.productCode ?? ''}`}
        done={T.saved}
        onSubmit={editor.submit((row, values) =>
          save.mutateAsync({
            body: {
              id: row.id,
              isVisible: values.isVisible ? 1 : 0,
              sort: values.sort,
              isLock: values.isLock ? 1 : 0,
              recommended: values.recommended ? 1 : 0,
              recommendSort: values.recommendSort ?? 0,
              reason: values.reason,
            },
          }),
        )}
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
        {...tradeEditor.drawer}
        title={`${T.editTrade}: ${tradeEditor.row?.productCode ?? ''}`}
        width={640}
        done={T.tradeSaved}
        onSubmit={tradeEditor.submit((row, values) =>
          saveTrade.mutateAsync({
            body: { ...values, productCode: row.productCode, tradingWindows: values.tradingWindows ?? [] },
          }),
        )}
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
    </ListPanel>
  );
}

function Fees() {
  const list = useEndpoint(operatorSettings.operatorFeeSettings);
  const save = useAction(operatorSettings.operatorFeeSettingSave, [operatorSettings.operatorFeeSettings]);
  const editor = useRowEditor<Fee, { feeRate: string }>((row) => ({ feeRate: row.feeRate }));
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
          editColumn(editor.edit),
        ]}
      />
      <EditDrawer<{ feeRate: string }>
        {...editor.drawer}
        title={`${T.feeRate}: ${editor.row?.remark ?? ''}`}
        done={T.feeSaved}
        onSubmit={editor.submit((row, values) =>
          save.mutateAsync({ body: { id: row.id, feeRate: values.feeRate.trim(), reason: values.reason } }),
        )}
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

export default tabbedScreen(T.subtitle, [
  { key: 'products', label: T.list, children: <Products /> },
  { key: 'fees', label: T.fees, children: <Fees /> },
]);
