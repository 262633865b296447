import { operatorStaff, type AnswerOf } from '@kestrel/contract';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useEndpoint } from '../../shared/api/queries';
import { formatTime } from '../../shared/format/format';
import { QueryTable } from '../../shared/ui/QueryTable';
import { Screen, Section } from '../../shared/ui/Screen';
import { RefreshButton } from '../../shared/ui/buttons';
import { usePaging } from '../../shared/ui/paging';
import { AUDIT_STRINGS as T, STRINGS } from '../../shared/strings';

type AuditRow = AnswerOf<typeof operatorStaff.operatorAuditLog>;

interface Filters {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  text?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The filters typed as text: the form field, its placeholder, its width, its test id. */
const TEXT_FILTERS: [name: keyof Filters, placeholder: string, width: number, testId?: string][] = [
  ['action', T.action, 170, 'audit-action'],
  ['targetType', T.targetType, 130],
  ['targetId', T.targetId, 100, 'audit-target'],
  ['text', T.words, 170],
];

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields that differ between before and after, top level (objects compared as JSON). */
export function changedFields(before: unknown, after: unknown): { field: string; before: unknown; after: unknown }[] {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(before) && !isObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '(value)', before, after }];
  }
  const left = isObject(before) ? before : {};
  const right = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys
    .filter((key) => JSON.stringify(left[key]) !== JSON.stringify(right[key]))
    .map((key) => ({ field: key, before: left[key], after: right[key] }));
}

function Diff(props: { row: AuditRow }) {
  const before = parse(props.row.before);
  const after = parse(props.row.after);
  const changes = changedFields(before, after);
  if (before === null && after === null) {
    return (
      <Typography.Text type="secondary" data-testid="audit-diff">
        {T.nothingRecorded}
      </Typography.Text>
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="audit-diff">
      <Table
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={changes}
        locale={{ emptyText: T.noChanges }}
        columns={[
          {
            title: T.field,
            dataIndex: 'field',
            width: 200,
            render: (value: string) => <span className="mono">{value}</span>,
          },
          {
            title: T.before,
            dataIndex: 'before',
            render: (value: unknown) => (
              <Typography.Text delete type="danger" className="mono">
                {show(value)}
              </Typography.Text>
            ),
          },
          {
            title: T.after,
            dataIndex: 'after',
            render: (value: unknown) => (
              <Typography.Text type="success" className="mono">
                {show(value)}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Row gutter={12}>
        <Col span={12}>
          <Typography.Text type="secondary">{T.before}</Typography.Text>
          <pre className="json-block mono">{before === null ? '—' : JSON.stringify(before, null, 2)}</pre>
        </Col>
        <Col span={12}>
          <Typography.Text type="secondary">{T.after}</Typography.Text>
          <pre className="json-block mono">{after === null ? '—' : JSON.stringify(after, null, 2)}</pre>
        </Col>
      </Row>
    </Space>
  );
}

export default function AuditScreen() {
  const C = STRINGS.common;
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging(20);
  const staff = useEndpoint(operatorStaff.operatorStaffList, { pageNum: 1, pageSize: 100 });
  const [from, to] = filters.dates ?? [null, null];
  const list = useEndpoint(operatorStaff.operatorAuditLog, {
    ...paging.page,
    staffId: filters.staffId,
    action: filters.action?.trim() || undefined,
    targetType: filters.targetType?.trim() || undefined,
    targetId: filters.targetId?.trim() || undefined,
    text: filters.text?.trim() || undefined,
    from: from ? from.startOf('day').valueOf() : undefined,
    to: to ? to.endOf('day').valueOf() + 1 : undefined,
  });

  const apply = (values: Filters) => {
    setFilters(values);
    paging.reset();
  };

  return (
    <Screen subtitle={T.subtitle} extra={<RefreshButton onClick={() => list.refetch()} />}>
      <Section>
        <Form form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }} data-testid="audit-filters">
          <Form.Item name="staffId">
            <Select
              allowClear
              placeholder={T.anyActor}
              style={{ width: 170 }}
              options={(staff.data?.rows ?? []).map((member) => ({ value: member.id, label: member.username }))}
              data-testid="audit-actor"
            />
          </Form.Item>
          {TEXT_FILTERS.map(([name, placeholder, width, testId]) => (
            <Form.Item name={name} key={name}>
              <Input placeholder={placeholder} style={{ width }} allowClear data-testid={testId} />
            </Form.Item>
          ))}
          <Form.Item name="dates">
            <DatePicker.RangePicker style={{ width: 250 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="audit-search">
              {C.search}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {C.reset}
            </Button>
          </Space>
        </Form>
      </Section>
      <Section>
        <QueryTable<AuditRow>
          read={list}
          size="middle"
          paging={paging}
          expandable={{ expandedRowRender: (row) => <Diff row={row} />, expandRowByClick: true }}
          data-testid="audit-table"
          columns={[
            { title: C.time, dataIndex: 'createdAt', width: 170, render: formatTime },
            { title: T.actor, dataIndex: 'staffUsername', width: 130 },
            {
              title: T.action,
              dataIndex: 'action',
              width: 190,
              render: (value: string) => <Tag color="blue">{value}</Tag>,
            },
            {
              title: T.target,
              width: 220,
              render: (_, row) => (
                <span className="mono nowrap">
                  {row.targetType}
                  {row.targetId ? ` #${row.targetId}` : ''}
                </span>
              ),
            },
            {
              title: C.reason,
              dataIndex: 'reason',
              render: (value: string) => <span style={{ wordBreak: 'break-word' }}>{value}</span>,
            },
            {
              title: T.entry,
              dataIndex: 'entryId',
              width: 90,
              render: (value: number | null) => (value ? `#${value}` : '—'),
            },
          ]}
        />
      </Section>
    </Screen>
  );
}
