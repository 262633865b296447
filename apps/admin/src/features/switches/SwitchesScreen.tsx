import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { QueryTable } from '../../shared/ui/QueryTable';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { tabbedScreen } from '../../shared/ui/Screen';
import { editColumn } from '../../shared/ui/columns';
import { useNotify } from '../../shared/ui/notify';
import { localPagination } from '../../shared/ui/paging';
import { useRowEditor } from '../../shared/ui/use-editor';
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
  const editor = useRowEditor<OtherValue, { value: string }>((row) => ({ value: row.value }));
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
          editColumn(editor.edit),
        ]}
      />
      <EditDrawer<{ value: string }>
        {...editor.drawer}
        title={`${T.editValue}: ${editor.row?.key ?? ''}`}
        done={T.saved}
        onSubmit={editor.submit((row, values) =>
          save.mutateAsync({ body: { key: row.key, value: String(values.value ?? '').trim(), reason: values.reason } }),
        )}
      >
        <Form.Item name="value" label={`${T.value}${editor.row?.range ? ` (${editor.row.range})` : ''}`}>
          {editor.row?.kind === 'flag' ? (
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

export default tabbedScreen(T.subtitle, [
  { key: 'switches', label: T.switches, children: <Switches /> },
  { key: 'values', label: T.otherValues, children: <OtherValues /> },
]);
