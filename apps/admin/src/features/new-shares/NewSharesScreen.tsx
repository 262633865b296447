import { newShares, type AnswerOf } from '@kestrel/contract';
import { Alert, Col, DatePicker, Descriptions, Form, Input, Row, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { ListScreen } from '../../shared/ui/ListScreen';
import { Money } from '../../shared/ui/Money';
import { LoadError } from '../../shared/ui/Screen';
import { CreateButton, EditButton } from '../../shared/ui/buttons';
import { DecimalFields, SwitchField, WholeNumberField } from '../../shared/ui/fields';
import { usePaging } from '../../shared/ui/paging';
import { useEditor } from '../../shared/ui/use-editor';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.newShares;
const L = PRODUCT_STRINGS.loans;
const C = STRINGS.common;
type Offer = AnswerOf<typeof newShares.operatorNewShares>;
type Allocation = AnswerOf<typeof newShares.newShareAllocations>;
interface Values {
  productCode: string;
  name: string;
  description: string;
  issuePrice: string;
  lotSize: number;
  maxLotsPerCustomer: number;
  supplyLots: number;
  window: [Dayjs, Dayjs];
  allocationTime: Dayjs;
  listingTime: Dayjs;
  lockupDays: number;
  allocationRule: 'lottery' | 'pro_rata';
  demoAllowed: boolean;
}

/** An offer as its edit form holds it. */
function offerValues(offer: Offer): Values {
  return {
    productCode: offer.productCode,
    name: offer.productName,
    description: offer.description,
    issuePrice: offer.issuePrice,
    lotSize: offer.lotSize,
    maxLotsPerCustomer: offer.maxLotsPerCustomer,
    supplyLots: offer.supplyLots,
    window: [dayjs(offer.subscribeStartTime), dayjs(offer.subscribeEndTime)],
    allocationTime: dayjs(offer.allocationTime),
    listingTime: dayjs(offer.listingTime),
    lockupDays: offer.lockupDays,
    allocationRule: offer.allocationRule,
    demoAllowed: offer.demoAllowed === 1,
  };
}

/** The edit form's values as the save call takes them: times as epoch milliseconds, the flag as 1 or 0. */
function offerBody(id: number | undefined, values: Values & { reason: string }) {
  return {
    id,
    productCode: values.productCode,
    name: values.name,
    description: values.description ?? '',
    issuePrice: values.issuePrice,
    lotSize: values.lotSize,
    maxLotsPerCustomer: values.maxLotsPerCustomer,
    supplyLots: values.supplyLots,
    subscribeStartTime: values.window[0].valueOf(),
    subscribeEndTime: values.window[1].valueOf(),
    allocationTime: values.allocationTime.valueOf(),
    listingTime: values.listingTime.valueOf(),
    lockupDays: values.lockupDays,
    allocationRule: values.allocationRule,
    demoAllowed: values.demoAllowed ? 1 : 0,
    reason: values.reason,
  };
}

function AllocationRun(props: { offer: Offer }) {
  const { page, pagination } = usePaging(10);
  const rows = useEndpoint(
    newShares.newShareAllocations,
    { ...page, id: props.offer.id },
    { enabled: props.offer.allocatedTime !== null },
  );
  if (props.offer.allocatedTime === null) {
    return (
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={T.commitment}>
          <span className="mono">{props.offer.seedCommitment}</span>
        </Descriptions.Item>
        <Descriptions.Item label={T.allocation}>{formatTime(props.offer.allocationTime)}</Descriptions.Item>
        <Descriptions.Item span={2}>
          <Typography.Text type="secondary">{T.notAllocated}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    );
  }
  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 8 }}>
        <Descriptions.Item label={T.allocations}>{formatTime(props.offer.allocatedTime)}</Descriptions.Item>
        <Descriptions.Item label={T.allocatedLots}>
          {props.offer.allocatedLots} / {props.offer.supplyLots}
        </Descriptions.Item>
        <Descriptions.Item label={T.commitment}>
          <span className="mono">{props.offer.seedCommitment}</span>
        </Descriptions.Item>
        <Descriptions.Item label={T.seed}>
          <span className="mono">{props.offer.seed}</span>
        </Descriptions.Item>
      </Descriptions>
      {rows.error ? <LoadError error={rows.error} /> : null}
      <Table<Allocation>
        size="small"
        rowKey="subscriptionId"
        loading={rows.isFetching}
        dataSource={rows.data?.rows ?? []}
        pagination={pagination(rows.data?.total)}
        columns={[
          { title: T.subscription, dataIndex: 'subscriptionId' },
          { title: T.lots, dataIndex: 'lots' },
          { title: T.allocatedLots, dataIndex: 'allocatedLots' },
        ]}
      />
    </>
  );
}

export default function NewSharesScreen() {
  const paging = usePaging();
  const list = useEndpoint(newShares.operatorNewShares, paging.page);
  const save = useAction(newShares.operatorNewShareSave, [newShares.operatorNewShares, newShares.newShareList]);
  const may = useMayCall();
  const editor = useEditor<Values>();
  const mayEdit = may(newShares.operatorNewShareSave);

  return (
    <ListScreen<Offer>
      subtitle={T.subtitle}
      extra={
        mayEdit ? (
          <CreateButton
            onClick={() =>
              editor.create({
                lotSize: 100,
                maxLotsPerCustomer: 10,
                supplyLots: 1000,
                lockupDays: 0,
                allocationRule: 'lottery',
                demoAllowed: true,
              })
            }
          >
            {T.newOffer}
          </CreateButton>
        ) : null
      }
      read={list}
      paging={paging}
      scroll={{ x: 1050 }}
      expandable={{ expandedRowRender: (offer) => <AllocationRun offer={offer} /> }}
      columns={[
        {
          title: C.name,
          render: (_, row) => (
            <span>
              <Typography.Text strong>{row.productName}</Typography.Text>{' '}
              <Typography.Text type="secondary">{row.productCode}</Typography.Text>
            </span>
          ),
        },
        {
          title: T.issuePrice,
          align: 'right',
          render: (_, row) => <Money value={row.issuePrice} currency={row.currencyName} />,
        },
        {
          title: T.subscribed,
          render: (_, row) => `${row.subscribedLots.toLocaleString('en')} / ${row.supplyLots.toLocaleString('en')}`,
        },
        {
          title: T.window,
          render: (_, row) => (
            <span className="nowrap">
              {formatTime(row.subscribeStartTime).slice(0, 16)}
              <br />→ {formatTime(row.subscribeEndTime).slice(0, 16)}
            </span>
          ),
        },
        { title: T.rule, dataIndex: 'allocationRule', render: (value: string) => T.rules[value] ?? value },
        {
          title: T.phase,
          dataIndex: 'phase',
          render: (value: string) => (
            <Tag color={value === 'open' ? 'processing' : value === 'upcoming' ? 'default' : 'success'}>
              {T.phases[value] ?? value}
            </Tag>
          ),
        },
        {
          title: C.actions,
          width: 90,
          render: (_, row) =>
            // An offer can be edited before it opens, and while open until its first subscription.
            mayEdit && (row.phase === 'upcoming' || (row.phase === 'open' && row.subscriberCount === 0)) ? (
              <EditButton onClick={() => editor.edit(row.id, offerValues(row))} />
            ) : null,
        },
      ]}
    >
      <EditDrawer<Values>
        {...editor.drawer}
        title={editor.title(T.newOffer, T.editOffer)}
        width={640}
        done={T.saved}
        onSubmit={(values) => save.mutateAsync({ body: offerBody(editor.id, values) })}
      >
        <Alert type="info" showIcon message={PRODUCT_STRINGS.newShares.subtitle} style={{ marginBottom: 16 }} />
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="productCode" label={T.code} rules={[{ required: true }]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="name" label={C.name} rules={[{ required: true }]}>
              <Input maxLength={120} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={C.description}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Row gutter={12}>
          <DecimalFields fields={[['issuePrice', T.issuePrice]]} />
          <WholeNumberField name="lotSize" label={T.lotSize} span={12} min={1} required />
          <WholeNumberField name="supplyLots" label={T.supply} span={12} min={1} required />
          <WholeNumberField name="maxLotsPerCustomer" label={T.maxLots} span={12} min={1} required />
        </Row>
        <Form.Item name="window" label={T.window} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="allocationTime" label={T.allocation} rules={[{ required: true }]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="listingTime" label={T.listing} rules={[{ required: true }]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <WholeNumberField name="lockupDays" label={T.lockup} span={8} max={3650} required />
          <Col span={8}>
            <Form.Item name="allocationRule" label={T.rule} rules={[{ required: true }]}>
              <Select options={newShares.ALLOCATION_RULES.map((rule) => ({ value: rule, label: T.rules[rule] }))} />
            </Form.Item>
          </Col>
          <SwitchField name="demoAllowed" label={L.demoAllowed} span={8} />
        </Row>
      </EditDrawer>
    </ListScreen>
  );
}
