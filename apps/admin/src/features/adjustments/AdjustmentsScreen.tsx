import { operatorCustomers, type AnswerOf } from '@kestrel/contract';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api/errors';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useCurrencies } from '../../shared/api/reference';
import { useMayCall, useStaffSession } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { Money } from '../../shared/ui/Money';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { ADJUSTMENT_STRINGS as T, STRINGS } from '../../shared/strings';

type Adjustment = AnswerOf<typeof operatorCustomers.operatorAdjustments>;
const C = STRINGS.common;
const STATUS = {
  0: { label: T.pending, color: 'processing' },
  1: { label: T.approved, color: 'success' },
  2: { label: T.rejected, color: 'error' },
};

/** Picks a customer by login name, email, phone or user id (the server's customer search), showing names. */
function CustomerPicker(props: { value?: number; onChange?: (value: number) => void }) {
  const [search, setSearch] = useState('');
  const found = useEndpoint(
    operatorCustomers.operatorCustomers,
    { pageNum: 1, pageSize: 20, search: search || undefined },
    { enabled: search.length > 0, staleTime: 30_000 },
  );
  return (
    <Select
      showSearch
      value={props.value}
      onChange={props.onChange}
      onSearch={(text) => setSearch(text.trim())}
      filterOption={false}
      loading={found.isFetching}
      placeholder={T.customerSearch}
      notFoundContent={search ? C.empty : null}
      options={(search ? (found.data?.rows ?? []) : []).map((row) => ({
        value: row.id,
        label: `${row.userAccount}${row.email && row.email !== row.userAccount ? ` · ${row.email}` : ''}${row.accountType === 2 ? ` (${C.demo})` : ''}`,
      }))}
      data-testid="adjustment-customer"
    />
  );
}

export default function AdjustmentsScreen() {
  const [status, setStatus] = useState(0);
  const { page, pagination, reset } = usePaging();
  const list = useEndpoint(operatorCustomers.operatorAdjustments, {
    ...page,
    status: status >= 0 ? status : undefined,
  });
  const session = useStaffSession();
  const may = useMayCall();
  const notify = useNotify();
  const currencies = useCurrencies();
  const changed = [operatorCustomers.operatorAdjustments, operatorCustomers.operatorDashboard];
  const request = useAction(operatorCustomers.operatorAdjustmentRequest, changed);
  const approve = useAction(operatorCustomers.operatorAdjustmentApprove, changed);
  const reject = useAction(operatorCustomers.operatorAdjustmentReject, changed);
  const [requesting, setRequesting] = useState(false);
  const [acting, setActing] = useState<{ kind: 'approve' | 'reject'; row: Adjustment } | null>(null);
  const [form] = Form.useForm<{ userId: number; currencyId: number; amount: string; reason: string }>();
  const [formError, setFormError] = useState<string | null>(null);
  const mayMove = may(operatorCustomers.operatorAdjustmentApprove);

  const submitRequest = async () => {
    const values = await form.validateFields();
    setFormError(null);
    try {
      await request.mutateAsync({ body: { ...values, amount: values.amount.trim() } });
      notify.done(T.requestedDone);
      setRequesting(false);
      form.resetFields();
    } catch (failure) {
      setFormError(errorText(failure));
    }
  };

  return (
    <Screen
      title={STRINGS.screens.adjustments}
      subtitle={T.subtitle}
      testId="screen-adjustments"
      extra={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
            {C.refresh}
          </Button>
          {may(operatorCustomers.operatorAdjustmentRequest) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setRequesting(true)}>
              {T.request}
            </Button>
          ) : null}
        </>
      }
    >
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Segmented
            value={status}
            onChange={(value) => {
              setStatus(Number(value));
              reset();
            }}
            options={[
              { label: T.pending, value: 0 },
              { label: T.approved, value: 1 },
              { label: T.rejected, value: 2 },
              { label: C.all, value: -1 },
            ]}
          />
          {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
          <Table<Adjustment>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            pagination={pagination(list.data?.total)}
            scroll={{ x: 1000 }}
            locale={{ emptyText: C.empty }}
            columns={[
              { title: C.id, dataIndex: 'id', width: 60 },
              { title: C.customer, dataIndex: 'userAccount' },
              {
                title: C.amount,
                align: 'right',
                render: (_, row) => (
                  <Typography.Text type={row.amount.startsWith('-') ? 'danger' : 'success'}>
                    <Money value={row.amount} currency={row.currencyName} strong />
                  </Typography.Text>
                ),
              },
              { title: C.reason, dataIndex: 'reason', ellipsis: true },
              {
                title: T.requestedBy,
                width: 170,
                render: (_, row) => (
                  <Space direction="vertical" size={0}>
                    <span>{row.requestedByUsername}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatTime(row.requestedAt)}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: C.status,
                width: 210,
                render: (_, row) => (
                  <Space direction="vertical" size={0}>
                    <StatusTag status={row.status} styles={STATUS} />
                    {row.reviewedByUsername ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {T.by} {row.reviewedByUsername}
                        {row.reviewedAt ? ` · ${formatTime(row.reviewedAt)}` : ''}
                      </Typography.Text>
                    ) : null}
                    {row.reviewReason ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.reviewReason}
                      </Typography.Text>
                    ) : null}
                    {row.entryId ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {T.entry} #{row.entryId}
                      </Typography.Text>
                    ) : null}
                  </Space>
                ),
              },
              {
                title: C.actions,
                width: 190,
                fixed: 'right',
                render: (_, row) => {
                  if (row.status !== 0 || !mayMove) return null;
                  if (row.requestedByStaffId === session?.staff.id) return <Tag>{T.ownRequest}</Tag>;
                  return (
                    <Space>
                      <Button type="primary" size="small" onClick={() => setActing({ kind: 'approve', row })}>
                        {C.approve}
                      </Button>
                      <Button danger size="small" onClick={() => setActing({ kind: 'reject', row })}>
                        {C.reject}
                      </Button>
                    </Space>
                  );
                },
              },
            ]}
          />
        </Space>
      </Section>
      <Modal
        open={requesting}
        title={T.request}
        onCancel={() => setRequesting(false)}
        onOk={submitRequest}
        okText={T.request}
        confirmLoading={request.isPending}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="userId" label={C.customer} rules={[{ required: true }]} extra={T.customerHelp}>
            <CustomerPicker />
          </Form.Item>
          <Form.Item name="currencyId" label={C.currency} rules={[{ required: true }]}>
            <Select options={currencies.options} loading={currencies.isLoading} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={C.amount}
            extra={T.amountHelp}
            rules={[{ required: true }, { pattern: /^-?\d+(\.\d+)?$/, message: T.amountHelp }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={C.reason}
            rules={[{ required: true, whitespace: true, message: C.reasonRequired }]}
          >
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
        {formError ? <Alert type="error" showIcon message={formError} /> : null}
      </Modal>
      <ReasonModal
        open={acting !== null}
        title={acting?.kind === 'approve' ? T.approveTitle : T.rejectTitle}
        okText={acting?.kind === 'approve' ? C.approve : C.reject}
        danger={acting?.kind === 'reject'}
        reasonRequired={acting?.kind === 'reject'}
        noReason={acting?.kind === 'approve'}
        onCancel={() => setActing(null)}
        onSubmit={async (reason) => {
          if (!acting) return;
          if (acting.kind === 'approve') {
            await approve.mutateAsync({ body: { id: acting.row.id } });
            notify.done(T.approvedDone);
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
              <Descriptions.Item label={C.amount}>
                <Money value={acting.row.amount} currency={acting.row.currencyName} strong />
              </Descriptions.Item>
              <Descriptions.Item label={T.requestedBy}>
                {acting.row.requestedByUsername} · {formatTime(acting.row.requestedAt)}
              </Descriptions.Item>
              <Descriptions.Item label={C.reason}>{acting.row.reason}</Descriptions.Item>
            </Descriptions>
          </Space>
        ) : null}
      </ReasonModal>
    </Screen>
  );
}
