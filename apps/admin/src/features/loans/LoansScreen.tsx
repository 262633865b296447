import { loans, type AnswerOf } from '@kestrel/contract';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useCurrencies } from '../../shared/api/reference';
import { useMayCall } from '../../shared/api/use-session';
import { formatRatePercent, formatTime } from '../../shared/format/format';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.loans;
const C = STRINGS.common;
type Loan = AnswerOf<typeof loans.operatorLoans>;
type Product = AnswerOf<typeof loans.operatorLoanProducts>;
type ProductForm = Omit<Product, 'id' | 'currencyName' | 'paused' | 'demoAllowed' | 'visible'> & {
  paused: boolean;
  demoAllowed: boolean;
  visible: boolean;
};

const STATUS = {
  0: { label: T.applied, color: 'processing' },
  1: { label: T.active, color: 'success' },
  2: { label: T.settled, color: 'default' },
  3: { label: T.rejected, color: 'error' },
};

function Applications() {
  const [status, setStatus] = useState(0);
  const { page, pagination, reset } = usePaging();
  const list = useEndpoint(loans.operatorLoans, { ...page, status: status >= 0 ? status : undefined });
  const may = useMayCall();
  const notify = useNotify();
  const approve = useAction(loans.operatorLoanApprove, [loans.operatorLoans]);
  const reject = useAction(loans.operatorLoanReject, [loans.operatorLoans]);
  const [acting, setActing] = useState<{ kind: 'approve' | 'reject'; row: Loan } | null>(null);
  const mayReview = may(loans.operatorLoanApprove);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(Number(value));
            reset();
          }}
          options={[
            { label: T.applied, value: 0 },
            { label: T.active, value: 1 },
            { label: T.settled, value: 2 },
            { label: T.rejected, value: 3 },
            { label: C.all, value: -1 },
          ]}
        />
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
          {C.refresh}
        </Button>
      </Space>
      {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<Loan>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={pagination(list.data?.total)}
        locale={{ emptyText: C.empty }}
        scroll={{ x: 1000 }}
        columns={[
          { title: C.id, dataIndex: 'id', width: 60 },
          { title: C.customer, dataIndex: 'userAccount' },
          { title: C.name, dataIndex: 'productName' },
          {
            title: T.principal,
            align: 'right',
            render: (_, row) => <Money value={row.orderPrice} currency={row.currencyName} strong />,
          },
          { title: T.term, width: 90, render: (_, row) => `${row.termDays} ${T.days}` },
          { title: T.dailyRate, width: 110, render: (_, row) => formatRatePercent(row.dailyRate) },
          { title: C.requested, dataIndex: 'applyTime', width: 165, render: formatTime },
          { title: T.owed, align: 'right', render: (_, row) => (row.status === 1 ? <Money value={row.owed} /> : '—') },
          {
            title: C.status,
            dataIndex: 'status',
            width: 100,
            render: (value: number) => <StatusTag status={value} styles={STATUS} />,
          },
          {
            title: C.actions,
            width: 170,
            fixed: 'right',
            render: (_, row) =>
              row.status === 0 && mayReview ? (
                <Space>
                  <Button type="primary" size="small" onClick={() => setActing({ kind: 'approve', row })}>
                    {C.approve}
                  </Button>
                  <Button danger size="small" onClick={() => setActing({ kind: 'reject', row })}>
                    {C.reject}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        open={acting !== null}
        title={acting?.kind === 'approve' ? T.approveTitle : T.rejectTitle}
        okText={acting?.kind === 'approve' ? C.approve : C.reject}
        danger={acting?.kind === 'reject'}
        reasonRequired={acting?.kind === 'reject'}
        onCancel={() => setActing(null)}
        onSubmit={async (reason) => {
          if (!acting) return;
          if (acting.kind === 'approve') {
            await approve.mutateAsync({ body: { id: acting.row.id, reason } });
            notify.done(T.approved);
          } else {
            await reject.mutateAsync({ body: { id: acting.row.id, reason } });
            notify.done(T.rejectedDone);
          }
          setActing(null);
        }}
      >
        {acting ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            {acting.kind === 'approve' ? <Alert type="info" showIcon message={T.approveHelp} /> : null}
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={C.customer}>{acting.row.userAccount}</Descriptions.Item>
              <Descriptions.Item label={T.principal}>
                <Money value={acting.row.orderPrice} currency={acting.row.currencyName} strong />
              </Descriptions.Item>
              <Descriptions.Item label={T.term}>
                {acting.row.termDays} {T.days}
              </Descriptions.Item>
              <Descriptions.Item label={T.dailyRate}>{formatRatePercent(acting.row.dailyRate)}</Descriptions.Item>
            </Descriptions>
          </Space>
        ) : null}
      </ReasonModal>
    </Space>
  );
}

function Products() {
  const { page, pagination } = usePaging();
  const list = useEndpoint(loans.operatorLoanProducts, page);
  const may = useMayCall();
  const notify = useNotify();
  const currencies = useCurrencies();
  const save = useAction(loans.operatorLoanProductSave, [loans.operatorLoanProducts, loans.loanProductList]);
  const [form] = Form.useForm<ProductForm>();
  const [editing, setEditing] = useState<{ id?: number; values: Partial<ProductForm> } | null>(null);
  const mayEdit = may(loans.operatorLoanProductSave);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      {mayEdit ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() =>
            setEditing({
              values: {
                termDays: 30,
                interestFreeDays: 0,
                maxOpenLoans: 1,
                paused: false,
                demoAllowed: false,
                visible: true,
              },
            })
          }
        >
          {T.newProduct}
        </Button>
      ) : null}
      {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<Product>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={pagination(list.data?.total)}
        locale={{ emptyText: C.empty }}
        columns={[
          { title: C.name, dataIndex: 'name', width: 190 },
          {
            title: T.bounds,
            render: (_, row) => (
              <span className="nowrap">
                <Money value={row.minAmount} /> – <Money value={row.maxAmount} currency={row.currencyName} />
              </span>
            ),
          },
          { title: T.term, render: (_, row) => <span className="nowrap">{`${row.termDays} ${T.days}`}</span> },
          { title: T.dailyRate, render: (_, row) => formatRatePercent(row.dailyRate) },
          { title: T.overdueRate, render: (_, row) => formatRatePercent(row.overdueDailyRate) },
          { title: T.interestFree, dataIndex: 'interestFreeDays' },
          {
            title: C.status,
            render: (_, row) => (
              <Space direction="vertical" size={4}>
                {row.visible ? <Tag color="blue">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>}
                {row.paused ? <Tag color="warning">{T.paused}</Tag> : <Tag color="success">{T.active}</Tag>}
              </Space>
            ),
          },
          {
            title: C.actions,
            render: (_, row) =>
              mayEdit ? (
                <Button
                  size="small"
                  onClick={() =>
                    setEditing({
                      id: row.id,
                      values: {
                        ...row,
                        paused: row.paused === 1,
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
      <EditDrawer<ProductForm>
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
          notify.done(T.productSaved);
        }}
      >
        <Form.Item name="name" label={C.name} rules={[{ required: true }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="description" label={C.description}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="currencyId" label={C.currency} rules={[{ required: true }]}>
          <Select options={currencies.options} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="minAmount" label={T.minAmount} rules={[{ required: true }, DECIMAL_RULE]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="maxAmount" label={T.maxAmount} rules={[{ required: true }, DECIMAL_RULE]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="termDays" label={`${T.term} (${T.days})`} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="interestFreeDays" label={T.interestFree} rules={[{ required: true }]}>
              <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="maxOpenLoans" label={T.maxOpen} rules={[{ required: true }]}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="dailyRate" label={T.dailyRate} rules={[{ required: true }, DECIMAL_RULE]}>
              <Input placeholder="0.001" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="overdueDailyRate" label={T.overdueRate} rules={[{ required: true }, DECIMAL_RULE]}>
              <Input placeholder="0.002" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="paused" label={T.paused} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="demoAllowed" label={T.demoAllowed} valuePropName="checked">
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
    </Space>
  );
}

export default function LoansScreen() {
  return (
    <Screen title={STRINGS.screens.loans} subtitle={T.subtitle} testId="screen-loans">
      <Section>
        <Tabs
          items={[
            { key: 'applications', label: T.applications, children: <Applications /> },
            { key: 'products', label: T.products, children: <Products /> },
          ]}
        />
      </Section>
    </Screen>
  );
}
