import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Form, Input, Select, Space, Typography } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { ListScreen } from '../../shared/ui/ListScreen';
import { EditButton } from '../../shared/ui/buttons';
import { isRightToLeft, languageOptions, type LanguageCode } from '../../shared/ui/languages';
import { useFilteredPaging } from '../../shared/ui/paging';
import { useRowEditor } from '../../shared/ui/use-editor';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.languagePacks;
const C = STRINGS.common;
type Text = AnswerOf<typeof operatorSettings.operatorLanguageTexts>;

export default function LanguagePacksScreen() {
  const filtered = useFilteredPaging<{ language: LanguageCode; keyWords?: string }>({ language: 'en' }, 20);
  const { language } = filtered.filters;
  const list = useEndpoint(operatorSettings.operatorLanguageTexts, filtered.query);
  const save = useAction(operatorSettings.operatorLanguageTextSave, [operatorSettings.operatorLanguageTexts]);
  const editor = useRowEditor<Text, { text: string }>((row) => ({ text: row.text }));
  const rtl = isRightToLeft(language);
  return (
    <ListScreen<Text>
      subtitle={T.subtitle}
      toolbar={
        <Space>
          <Select
            style={{ width: 240 }}
            value={language}
            showSearch
            optionFilterProp="label"
            onChange={(value: LanguageCode) => filtered.set({ language: value })}
            options={languageOptions()}
          />
          <Input.Search
            allowClear
            placeholder={T.searchPlaceholder}
            style={{ width: 320 }}
            onSearch={(value) => filtered.set({ keyWords: value.trim() || undefined })}
          />
        </Space>
      }
      read={list}
      rowKey="key"
      size="small"
      paging={filtered.paging}
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
          render: (_: unknown, row: Text) => <EditButton onClick={() => editor.edit(row)} />,
        },
      ]}
    >
      <EditDrawer<{ text: string }>
        {...editor.drawer}
        title={`${T.edit}: ${editor.row?.key ?? ''}`}
        done={T.saved}
        onSubmit={editor.submit((row, values) =>
          save.mutateAsync({ body: { language, key: row.key, text: values.text, reason: values.reason } }),
        )}
      >
        {editor.row && language !== 'en' ? (
          <Form.Item label={T.english}>
            <Typography.Text type="secondary">{editor.row.english}</Typography.Text>
          </Form.Item>
        ) : null}
        <Form.Item name="text" label={T.text} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={4} maxLength={operatorSettings.LANGUAGE_TEXT_MAX} dir={rtl ? 'rtl' : 'ltr'} />
        </Form.Item>
      </EditDrawer>
    </ListScreen>
  );
}
