import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { QueryTable } from '../../shared/ui/QueryTable';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { TabbedScreen } from '../../shared/ui/Screen';
import { EditButton } from '../../shared/ui/buttons';
import { useNotify } from '../../shared/ui/notify';
import { localPagination } from '../../shared/ui/paging';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.switches;
const C = STRINGS.common;
type SwitchRow = AnswerOf<typeof operatorSettings.operatorSwitches>;
type OtherValue = AnswerOf<typeof operatorSettings.operatorOtherValues>;

function Switches() {
  const list = useEndpoint(operatorSettings.operatorSwitches);
  const set = useAction(operatorSettings.operatorSwitchSet, [operatorSettings.operatorSwitches]);
  const notify = useNotify();
  const [toggling, setToggling] = useState<SwitchRow | null>(null);
  return (
    <>
      <QueryTable<SwitchRow>
        read={list}
        size="middle"
        pagination={localPagination(12)}
        columns={[
          {
            title: C.name,
            dataIndex: 'switchName',
            render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
          },
          { title: T.key, dataIndex: 'switchKey', render: (value: string) => <span className="mono">{value}</span> },
          { title: C.description, dataIndex: 'remark', ellipsis: true },
          {
            title: C.status,
            dataIndex: 'status',
            width: 120,
            render: (value: number, row) => (
              <Switch
                checked={value === 1}
                checkedChildren={T.on}
                unCheckedChildren={T.off}
                onChange={() => setToggling(row)}
              />
            ),
          },
        ]}
      />
      <ReasonModal
        open={toggling !== null}
        title={`${T.toggleTitle} ${toggling?.status ? T.off : T.on}: ${toggling?.switchName ?? ''}`}
        okText={toggling?.status ? T.off : T.on}
        reasonRequired
        onCancel={() => setToggling(null)}
        onSubmit={async (reason) => {
          if (!toggling) return;
          await set.mutateAsync({ body: { switchKey: toggling.switchKey, status: toggling.status ? 0 : 1, reason } });
          notify.done(T.saved);
          setToggling(null);
        }}
      />
    </>
  );
}

function OtherValues() {
  const list = useEndpoint(operatorSettings.operatorOtherValues);
  const save = useAction(operatorSettings.operatorOtherValueSave, [operatorSettings.operatorOtherValues]);
  const notify = useNotify();
  const [form] = Form.useForm<{ value: string }>();
  const [editing, setEditing] = useState<OtherValue | null>(null);
  return (
    <>
      <QueryTable<OtherValue>
        read={list}
        rowKey="key"
        size="middle"
        pagination={localPagination(12)}
        columns={[
          { title: T.key, dataIndex: 'key', render: (value: string) => <span className="mono">{value}</span> },
          {
            title: T.value,
            dataIndex: 'value',
            render: (value: string) => <Typography.Text strong>{value || '—'}</Typography.Text>,
          },
          { title: T.kind, dataIndex: 'kind', width: 110, render: (value: string) => <Tag>{value}</Tag> },
          { title: T.range, dataIndex: 'range', width: 110 },
          {
            title: C.actions,
            width: 90,
            render: (_, row) => <EditButton onClick={() => setEditing(row)} />,
          },
        ]}
      />
      <EditDrawer<{ value: string }>
        open={editing !== null}
        title={`${T.editValue}: ${editing?.key ?? ''}`}
        form={form}
        initialValues={editing ? { value: editing.value } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({
            body: { key: editing.key, value: String(values.value ?? '').trim(), reason: values.reason },
          });
          notify.done(T.saved);
        }}
      >
        <Form.Item name="value" label={`${T.value}${editing?.range ? ` (${editing.range})` : ''}`}>
          {editing?.kind === 'flag' ? (
            <Select
              options={[
                { value: '1', label: `1 – ${T.on}` },
                { value: '0', label: `0 – ${T.off}` },
              ]}
            />
          ) : (
            <Input maxLength={200} />
          )}
        </Form.Item>
      </EditDrawer>
    </>
  );
}

export default function SwitchesScreen() {
  return (
    <TabbedScreen
      title={STRINGS.screens.switches}
      subtitle={T.subtitle}
      testId="screen-switches"
      tabs={[
        { key: 'switches', label: T.switches, children: <Switches /> },
        { key: 'values', label: T.otherValues, children: <OtherValues /> },
      ]}
    />
  );
}
