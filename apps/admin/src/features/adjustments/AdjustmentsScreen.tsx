import { operatorCustomers, type AnswerOf } from '@kestrel/contract';
import { Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useCurrencies } from '../../shared/api/reference';
import { useMayCall, useStaffSession } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { Money } from '../../shared/ui/Money';
import { Note } from '../../shared/ui/Note';
import { FormModal } from '../../shared/ui/FormModal';
import { ListScreen } from '../../shared/ui/ListScreen';
import { ReviewButtons, ReviewDialog, useReview } from '../../shared/ui/ReviewDialog';
import { StatusFilter, statusOptions, useStatusFilter } from '../../shared/ui/StatusFilter';
import { StatusTag } from '../../shared/ui/StatusTag';
import { CreateButton, RefreshButton } from '../../shared/ui/buttons';
import { customerColumn, idColumn } from '../../shared/ui/columns';
import { useNotify } from '../../shared/ui/notify';
import { ReasonField } from '../../shared/ui/ReasonField';
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
  const filter = useStatusFilter(0);
  const list = useEndpoint(operatorCustomers.operatorAdjustments, filter.query);
  const session = useStaffSession();
  const may = useMayCall();
  const notify = useNotify();
  const currencies = useCurrencies();
  const changed = [operatorCustomers.operatorAdjustments, operatorCustomers.operatorDashboard];
  const request = useAction(operatorCustomers.operatorAdjustmentRequest, changed);
  const approve = useAction(operatorCustomers.operatorAdjustmentApprove, changed);
  const reject = useAction(operatorCustomers.operatorAdjustmentReject, changed);
  const [requesting, setRequesting] = useState(false);
  const reviewing = useReview<Adjustment>();
  const [form] = Form.useForm<{ userId: number; currencyId: number; amount: string; reason: string }>();
  const mayMove = may(operatorCustomers.operatorAdjustmentApprove);

  return (
    <ListScreen<Adjustment>
      subtitle={T.subtitle}
      extra={
        <>
          <RefreshButton onClick={() => list.refetch()} />
          {may(operatorCustomers.operatorAdjustmentRequest) ? (
            <CreateButton onClick={() => setRequesting(true)}>{T.request}</CreateButton>
          ) : null}
        </>
      }
      toolbar={<StatusFilter filter={filter} options={statusOptions(STATUS)} />}
      read={list}
      paging={filter.paging}
      scroll={{ x: 1000 }}
      columns={[
        idColumn(60),
        customerColumn(),
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
              <Note>{formatTime(row.requestedAt)}</Note>
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
                <Note>
                  {T.by} {row.reviewedByUsername}
                  {row.reviewedAt ? ` · ${formatTime(row.reviewedAt)}` : ''}
                </Note>
              ) : null}
              {row.reviewReason ? <Note>{row.reviewReason}</Note> : null}
              {row.entryId ? (
                <Note>
                  {T.entry} #{row.entryId}
                </Note>
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
            return <ReviewButtons row={row} start={reviewing.start} />;
          },
        },
      ]}
    >
      <FormModal
        open={requesting}
        title={T.request}
        okText={T.request}
        form={form}
        onCancel={() => setRequesting(false)}
        onSubmit={async (values) => {
          await request.mutateAsync({ body: { ...values, amount: values.amount.trim() } });
          notify.done(T.requestedDone);
          setRequesting(false);
          form.resetFields();
        }}
      >
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
        <ReasonField rows={2} />
      </FormModal>
      <ReviewDialog<Adjustment>
        reviewing={reviewing}
        title={{ approve: T.approveTitle, reject: T.rejectTitle }}
        done={{ approve: T.approvedDone, reject: T.rejectedDone }}
        approveHint={{ type: 'info', message: T.approveHelp }}
        approveWithoutReason
        onApprove={(row) => approve.mutateAsync({ body: { id: row.id } })}
        onReject={(row, reason) => reject.mutateAsync({ body: { id: row.id, reason } })}
        facts={(row) => [
          [C.customer, row.userAccount],
          [C.amount, <Money value={row.amount} currency={row.currencyName} strong />],
          [T.requestedBy, `${row.requestedByUsername} · ${formatTime(row.requestedAt)}`],
          [C.reason, row.reason],
        ]}
      />
    </ListScreen>
  );
}
