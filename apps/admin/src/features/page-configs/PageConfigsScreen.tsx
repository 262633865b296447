import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { FilterSelect } from '../../shared/ui/FilterSelect';
import { ListScreen } from '../../shared/ui/ListScreen';
import { visibleColumn } from '../../shared/ui/StatusTag';
import { editColumn } from '../../shared/ui/columns';
import { SortAndVisibleFields } from '../../shared/ui/fields';
import { localPagination } from '../../shared/ui/paging';
import { useRowEditor } from '../../shared/ui/use-editor';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.pageConfigs;
const C = STRINGS.common;
type Entry = AnswerOf<typeof operatorSettings.operatorPageConfigs>;
interface Values {
  pagePath: string;
  target: string;
  desc: string;
  isVisible: boolean;
  sort: number;
}

export default function PageConfigsScreen() {
  const [pagePath, setPagePath] = useState<string | undefined>(undefined);
  const list = useEndpoint(operatorSettings.operatorPageConfigs, { pagePath });
  const save = useAction(operatorSettings.operatorPageConfigSave, [operatorSettings.operatorPageConfigs]);
  const editor = useRowEditor<Entry, Values>((row) => ({
    pagePath: row.pagePath,
    target: row.target,
    desc: row.desc,
    isVisible: row.isVisible === 1,
    sort: row.sort,
  }));
  return (
    <ListScreen<Entry>
      subtitle={T.subtitle}
      toolbar={
        <FilterSelect
          placeholder={T.allLayouts}
          width={320}
          value={pagePath}
          onChange={setPagePath}
          options={operatorSettings.PAGE_LAYOUTS.map((value) => ({ value, label: value }))}
        />
      }
      read={list}
      size="middle"
      pagination={localPagination(12)}
      scroll={{ x: 1000 }}
      columns={[
        {
          title: T.titleKey,
          dataIndex: 'titleKey',
          render: (value: string) => <span className="mono">{value}</span>,
        },
        {
          title: T.layout,
          dataIndex: 'pagePath',
          render: (value: string) => <span className="mono">{value}</span>,
        },
        { title: T.module, dataIndex: 'module', width: 110 },
        {
          title: T.target,
          dataIndex: 'target',
          ellipsis: true,
          render: (value: string) => <span className="mono">{value}</span>,
        },
        { title: T.hiddenBy, dataIndex: 'desc', width: 150 },
        { title: C.sort, dataIndex: 'sort', width: 70 },
        visibleColumn<Entry>('isVisible'),
        editColumn(editor.edit),
      ]}
    >
      <EditDrawer<Values>
        {...editor.drawer}
        title={`${T.edit}: ${editor.row?.titleKey ?? ''}`}
        done={T.saved}
        onSubmit={editor.submit((row, values) =>
          save.mutateAsync({ body: { ...values, id: row.id, isVisible: values.isVisible ? 1 : 0 } }),
        )}
      >
        <Form.Item name="pagePath" label={T.layout} rules={[{ required: true }]}>
          <Select options={operatorSettings.PAGE_LAYOUTS.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="target" label={T.target} rules={[{ required: true }]}>
          <Select showSearch options={operatorSettings.APP_ROUTES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="desc" label={T.hiddenBy} rules={[{ required: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <SortAndVisibleFields visibleName="isVisible" />
      </EditDrawer>
    </ListScreen>
  );
}
