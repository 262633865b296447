import { loans, type AnswerOf } from '@kestrel/contract';
import { Col, Form, Input, Row, Space, Tag } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useCurrencies } from '../../shared/api/reference';
import { useMayCall } from '../../shared/api/use-session';
import { formatRatePercent } from '../../shared/format/format';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { ListPanel } from '../../shared/ui/ListScreen';
import { ReviewDialog, useReview } from '../../shared/ui/ReviewDialog';
import { tabbedScreen } from '../../shared/ui/Screen';
import { StatusFilter, statusOptions, useStatusFilter } from '../../shared/ui/StatusFilter';
import { StatusTag, VisibleTag } from '../../shared/ui/StatusTag';
import { CreateButton, EditButton, RefreshButton } from '../../shared/ui/buttons';
import { customerColumn, idColumn, timeColumn } from '../../shared/ui/columns';
import { CurrencyField, DecimalFields, NameAndDescriptionFields, WholeNumberField } from '../../shared/ui/fields';
import { usePaging } from '../../shared/ui/paging';
import {
  ProductFlagFields,
  boundsColumn,
  productFlagValues,
  productFlags,
  termColumn,
} from '../../shared/ui/product-settings';
import { reviewActionsColumn } from '../../shared/ui/review-columns';
import { useEditor } from '../../shared/ui/use-editor';
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
  const filter = useStatusFilter(0);
  const list = useEndpoint(loans.operatorLoans, filter.query);
  const may = useMayCall();
  const approve = useAction(loans.operatorLoanApprove, [loans.operatorLoans]);
  const reject = useAction(loans.operatorLoanReject, [loans.operatorLoans]);
  const reviewing = useReview<Loan>();
  return (
    <ListPanel<Loan>
      toolbar={
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <StatusFilter filter={filter} options={statusOptions(STATUS)} />
          <RefreshButton onClick={() => list.refetch()} />
        </Space>
      }
      read={list}
      paging={filter.paging}
      scroll={{ x: 1000 }}
      columns={[
        idColumn(60),
        customerColumn(),
        { title: C.name, dataIndex: 'productName' },
        {
          title: T.principal,
          align: 'right',
          render: (_, row) => <Money value={row.orderPrice} currency={row.currencyName} strong />,
        },
        { title: T.term, width: 90, render: (_, row) => `${row.termDays} ${T.days}` },
        { title: T.dailyRate, width: 110, render: (_, row) => formatRatePercent(row.dailyRate) },
        timeColumn(C.requested, 'applyTime', 165),
        { title: T.owed, align: 'right', render: (_, row) => (row.status === 1 ? <Money value={row.owed} /> : '—') },
        {
          title: C.status,
          dataIndex: 'status',
          width: 100,
          render: (value: number) => <StatusTag status={value} styles={STATUS} />,
        },
        reviewActionsColumn({ allowed: may(loans.operatorLoanApprove), start: reviewing.start, width: 170 }),
      ]}
    >
      <ReviewDialog<Loan>
        reviewing={reviewing}
        title={{ approve: T.approveTitle, reject: T.rejectTitle }}
        done={{ approve: T.approved, reject: T.rejectedDone }}
        approveHint={{ type: 'info', message: T.approveHelp }}
        onApprove={(row, reason) => approve.mutateAsync({ body: { id: row.id, reason } })}
        onReject={(row, reason) => reject.mutateAsync({ body: { id: row.id, reason } })}
        facts={(row) => [
          [C.customer, row.userAccount],
          [T.principal, <Money value={row.orderPrice} currency={row.currencyName} strong />],
          [T.term, `${row.termDays} ${T.days}`],
          [T.dailyRate, formatRatePercent(row.dailyRate)],
        ]}
      />
    </ListPanel>
  );
}

function Products() {
  const paging = usePaging();
  const list = useEndpoint(loans.operatorLoanProducts, paging.page);
  const may = useMayCall();
  const currencies = useCurrencies();
  const save = useAction(loans.operatorLoanProductSave, [loans.operatorLoanProducts, loans.loanProductList]);
  const editor = useEditor<ProductForm>();
  const mayEdit = may(loans.operatorLoanProductSave);
  return (
    <ListPanel<Product>
      toolbar={
        mayEdit ? (
          <CreateButton
            onClick={() =>
              editor.create({
                termDays: 30,
                interestFreeDays: 0,
                maxOpenLoans: 1,
                paused: false,
                demoAllowed: false,
                visible: true,
              })
            }
          >
            {T.newProduct}
          </CreateButton>
        ) : null
      }
      read={list}
      paging={paging}
      columns={[
        { title: C.name, dataIndex: 'name', width: 190 },
        boundsColumn<Product>(),
        termColumn<Product>(),
        { title: T.dailyRate, render: (_, row) => formatRatePercent(row.dailyRate) },
        { title: T.overdueRate, render: (_, row) => formatRatePercent(row.overdueDailyRate) },
        { title: T.interestFree, dataIndex: 'interestFreeDays' },
        {
          title: C.status,
          render: (_, row) => (
            <Space direction="vertical" size={4}>
              <VisibleTag visible={row.visible} color="blue" />
              {row.paused ? <Tag color="warning">{T.paused}</Tag> : <Tag color="success">{T.active}</Tag>}
            </Space>
          ),
        },
        {
          title: C.actions,
          render: (_, row) =>
            mayEdit ? (
              <EditButton onClick={() => editor.edit(row.id, { ...row, ...productFlags(row, row.paused === 1) })} />
            ) : null,
        },
      ]}
    >
      <EditDrawer<ProductForm>
        {...editor.drawer}
        title={editor.title(T.newProduct, T.editProduct)}
        done={T.productSaved}
        onSubmit={(values) => save.mutateAsync({ body: { ...values, id: editor.id, ...productFlagValues(values) } })}
      >
        <NameAndDescriptionFields />
        <CurrencyField options={currencies.options} />
        <Row gutter={12}>
          <DecimalFields
            fields={[
              ['minAmount', T.minAmount],
              ['maxAmount', T.maxAmount],
            ]}
          />
          <WholeNumberField name="termDays" label={`${T.term} (${T.days})`} span={8} min={1} max={3650} required />
          <WholeNumberField name="interestFreeDays" label={T.interestFree} span={8} max={3650} required />
          <WholeNumberField name="maxOpenLoans" label={T.maxOpen} span={8} min={1} max={100} required />
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
          <ProductFlagFields />
        </Row>
      </EditDrawer>
    </ListPanel>
  );
}

export default tabbedScreen(T.subtitle, [
  { key: 'applications', label: T.applications, children: <Applications /> },
  { key: 'products', label: T.products, children: <Products /> },
]);
