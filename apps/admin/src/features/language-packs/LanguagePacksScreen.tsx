import { LANGUAGES, operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { QueryTable } from '../../shared/ui/QueryTable';
import { Screen, Section } from '../../shared/ui/Screen';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.languagePacks;
const C = STRINGS.common;
type Text = AnswerOf<typeof operatorSettings.operatorLanguageTexts>;
type LanguageCode = (typeof LANGUAGES)[number]['code'];

export default function LanguagePacksScreen() {
  const [language, setLanguage] = useState<LanguageCode>('en');
  const [keyWords, setKeyWords] = useState<string | undefined>(undefined);
  const paging = usePaging(20);
  const list = useEndpoint(operatorSettings.operatorLanguageTexts, { ...paging.page, language, keyWords });
  const save = useAction(operatorSettings.operatorLanguageTextSave, [operatorSettings.operatorLanguageTexts]);
  const notify = useNotify();
  const [form] = Form.useForm<{ text: string }>();
  const [editing, setEditing] = useState<Text | null>(null);
  const rtl = LANGUAGES.find((entry) => entry.code === language)?.rtl ?? false;
  return (
    <Screen title={STRINGS.screens.languagePacks} subtitle={T.subtitle} testId="screen-language-packs">
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Space>
            <Select
              style={{ width: 240 }}
              value={language}
              showSearch
              optionFilterProp="label"
              onChange={(value: LanguageCode) => {
                setLanguage(value);
                paging.reset();
              }}
              options={LANGUAGES.map((entry) => ({ value: entry.code, label: `${entry.name} (${entry.code})` }))}
            />
            <Input.Search
              allowClear
              placeholder={T.searchPlaceholder}
              style={{ width: 320 }}
              onSearch={(value) => {
                setKeyWords(value.trim() || undefined);
                paging.reset();
              }}
            />
          </Space>
          <QueryTable<Text>
            read={list}
            rowKey="key"
            size="small"
            paging={paging}
            columns={[
              {
                title: T.key,
                dataIndex: 'key',
                width: 300,
                render: (value: string) => <span className="mono">{value}</span>,
              },
              {
                title: T.text,
                dataIndex: 'text',
                render: (value: string) => <span dir={rtl ? 'rtl' : 'ltr'}>{value}</span>,
              },
              ...(language === 'en'
                ? []
                : [
                    {
                      title: T.english,
                      dataIndex: 'english',
                      render: (value: string) => <Typography.Text type="secondary">{value}</Typography.Text>,
                    },
                  ]),
              {
                title: C.actions,
                width: 80,
                render: (_: unknown, row: Text) => (
                  <Button size="small" onClick={() => setEditing(row)}>
                    {C.edit}
                  </Button>
                ),
              },
            ]}
          />
        </Space>
      </Section>
      <EditDrawer<{ text: string }>
        open={editing !== null}
        title={`${T.edit}: ${editing?.key ?? ''}`}
        form={form}
        initialValues={editing ? { text: editing.text } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({ body: { language, key: editing.key, text: values.text, reason: values.reason } });
          notify.done(T.saved);
        }}
      >
        {editing && language !== 'en' ? (
          <Form.Item label={T.english}>
            <Typography.Text type="secondary">{editing.english}</Typography.Text>
          </Form.Item>
        ) : null}
        <Form.Item name="text" label={T.text} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={4} maxLength={operatorSettings.LANGUAGE_TEXT_MAX} dir={rtl ? 'rtl' : 'ltr'} />
        </Form.Item>
      </EditDrawer>
    </Screen>
  );
}
