import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { QueryTable } from '../../shared/ui/QueryTable';
import { Screen, Section } from '../../shared/ui/Screen';
import { visibleColumn } from '../../shared/ui/StatusTag';
import { EditButton } from '../../shared/ui/buttons';
import { SortAndVisibleFields } from '../../shared/ui/fields';
import { useNotify } from '../../shared/ui/notify';
import { localPagination } from '../../shared/ui/paging';
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
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Entry | null>(null);
  return (
    <Screen title={STRINGS.screens.pageConfigs} subtitle={T.subtitle} testId="screen-page-configs">
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Select
            allowClear
            placeholder={T.allLayouts}
            style={{ width: 320 }}
            value={pagePath}
            onChange={setPagePath}
            options={operatorSettings.PAGE_LAYOUTS.map((value) => ({ value, label: value }))}
          />
          <QueryTable<Entry>
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
              {
                title: C.actions,
                width: 90,
                render: (_, row) => <EditButton onClick={() => setEditing(row)} />,
              },
            ]}
          />
        </Space>
      </Section>
      <EditDrawer<Values>
        open={editing !== null}
        title={`${T.edit}: ${editing?.titleKey ?? ''}`}
        form={form}
        initialValues={
          editing
            ? {
                pagePath: editing.pagePath,
                target: editing.target,
                desc: editing.desc,
                isVisible: editing.isVisible === 1,
                sort: editing.sort,
              }
            : undefined
        }
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({ body: { ...values, id: editing.id, isVisible: values.isVisible ? 1 : 0 } });
          notify.done(T.saved);
        }}
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
    </Screen>
  );
}
