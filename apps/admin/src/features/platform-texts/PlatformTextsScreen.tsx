import { LANGUAGES, platformTexts, type AnswerOf } from '@kestrel/contract';
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Input, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { errorText } from '../../shared/api/errors';
import { QueryTable } from '../../shared/ui/QueryTable';
import { Screen, Section } from '../../shared/ui/Screen';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { ReasonField } from '../../shared/ui/ReasonField';
import { STRINGS, TEXT_STRINGS as T } from '../../shared/strings';

type Kind = (typeof platformTexts.PLATFORM_TEXT_KINDS)[number];
type Row = AnswerOf<typeof platformTexts.operatorPlatformTexts>;
type FieldName = (typeof platformTexts.PLATFORM_TEXT_FIELD_NAMES)[number];
type LanguageCode = (typeof LANGUAGES)[number]['code'];

interface EditValues {
  field: FieldName;
  language: LanguageCode;
  text: string;
  reason: string;
}

function TextEditor(props: { kind: Kind; row: Row | null; onClose: () => void }) {
  const C = STRINGS.common;
  const [form] = Form.useForm<EditValues>();
  const save = useAction(platformTexts.operatorPlatformTextSave, [platformTexts.operatorPlatformTexts]);
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const field = Form.useWatch('field', form);
  const language = Form.useWatch('language', form);
  const row = props.row;
  const fieldInfo = row?.fields.find((entry) => entry.field === field);

  useEffect(() => {
    if (!row) return;
    const first = row.fields[0];
    setError(null);
    form.setFieldsValue({ field: first?.field, language: 'en', text: first?.texts.en ?? '', reason: '' });
  }, [row, form]);
  useEffect(() => {
    if (fieldInfo && language) form.setFieldValue('text', fieldInfo.texts[language] ?? '');
  }, [fieldInfo, language, form]);

  const submit = async (values: EditValues) => {
    if (!row) return;
    setError(null);
    try {
      await save.mutateAsync({
        body: {
          kind: props.kind,
          id: row.id,
          field: values.field,
          language: values.language,
          text: values.text,
          reason: values.reason,
        },
      });
      notify.done(T.saved);
      props.onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const rtl = LANGUAGES.find((entry) => entry.code === language)?.rtl ?? false;
  return (
    <Drawer
      open={row !== null}
      onClose={props.onClose}
      width={640}
      title={`${T.editTitle}: ${row?.label ?? ''}`}
      destroyOnClose
      extra={
        <Space>
          <Button onClick={props.onClose}>{C.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="text-save">
            {C.save}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="text-editor">
        <Space size={12} style={{ display: 'flex' }}>
          <Form.Item name="field" label={T.field} style={{ width: 200 }}>
            <Select
              options={(row?.fields ?? []).map((entry) => ({
                value: entry.field,
                label: T.fields[entry.field] ?? entry.field,
              }))}
              data-testid="text-field"
            />
          </Form.Item>
          <Form.Item name="language" label={C.language} style={{ width: 260 }}>
            <Select
              showSearch
              optionFilterProp="label"
              options={LANGUAGES.map((entry) => ({
                value: entry.code,
                label: `${entry.name} (${entry.code})${fieldInfo?.missingLanguages.includes(entry.code) ? ` – ${T.missing}` : ''}`,
              }))}
              data-testid="text-language"
            />
          </Form.Item>
        </Space>
        {fieldInfo ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={fieldInfo.richText ? T.richText : T.plainText}
          />
        ) : null}
        <Form.Item name="text" label={T.label} rules={[{ required: true, message: T.textRequired }]}>
          <Input.TextArea
            rows={fieldInfo?.field === 'title' ? 2 : 10}
            maxLength={fieldInfo?.maxLength}
            showCount
            dir={rtl ? 'rtl' : 'ltr'}
            data-testid="text-value"
          />
        </Form.Item>
        {language !== 'en' && fieldInfo?.texts.en ? (
          <Form.Item label={T.preview}>
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 4, expandable: true }}
              style={{ whiteSpace: 'pre-wrap' }}
            >
              {fieldInfo.texts.en}
            </Typography.Paragraph>
          </Form.Item>
        ) : null}
        <ReasonField help testId="text-reason" />
        {error ? <Alert type="error" showIcon message={error} data-testid="text-error" /> : null}
      </Form>
    </Drawer>
  );
}

function TextTable(props: { kind: Kind }) {
  const C = STRINGS.common;
  const paging = usePaging();
  const list = useEndpoint(platformTexts.operatorPlatformTexts, { ...paging.page, kind: props.kind });
  const may = useMayCall();
  const [editing, setEditing] = useState<Row | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <QueryTable<Row>
        read={list}
        paging={paging}
        columns={[
          { title: C.id, dataIndex: 'id', width: 60 },
          {
            title: T.label,
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.label}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 520 }}>
                  {row.fields.find((field) => field.field !== 'title')?.texts.en?.replace(/<[^>]*>/g, ' ') ?? ''}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: C.status,
            dataIndex: 'visible',
            width: 100,
            render: (value: number) => (value ? <Tag color="success">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>),
          },
          {
            title: T.languages,
            width: 220,
            render: (_, row) => {
              const missing = [...new Set(row.fields.flatMap((field) => field.missingLanguages))];
              return missing.length === 0 ? (
                <Tag color="green">{T.complete}</Tag>
              ) : (
                <Tooltip title={missing.join(', ')}>
                  <Tag color="orange">
                    {missing.length} {T.missing}
                  </Tag>
                </Tooltip>
              );
            },
          },
          {
            title: C.actions,
            width: 110,
            render: (_, row) =>
              may(platformTexts.operatorPlatformTextSave) ? (
                <Button
                  icon={<EditOutlined />}
                  size="small"
                  onClick={() => setEditing(row)}
                  data-testid={`text-edit-${props.kind}-${row.id}`}
                >
                  {C.edit}
                </Button>
              ) : null,
          },
        ]}
      />
      <TextEditor kind={props.kind} row={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}

export default function PlatformTextsScreen() {
  const [kind, setKind] = useState<Kind>('popUp');
  return (
    <Screen subtitle={T.subtitle}>
      <Section>
        <Tabs
          activeKey={kind}
          onChange={(key) => setKind(key as Kind)}
          items={platformTexts.PLATFORM_TEXT_KINDS.map((entry) => ({
            key: entry,
            label: T.kinds[entry] ?? entry,
            children: <TextTable kind={entry} />,
          }))}
        />
      </Section>
    </Screen>
  );
}
