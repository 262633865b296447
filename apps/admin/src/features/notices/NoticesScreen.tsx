import { messages, type AnswerOf } from '@kestrel/contract';
import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Col, DatePicker, Form, InputNumber, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { MultilingualFields } from '../../shared/ui/MultilingualFields';
import { ListPanel } from '../../shared/ui/ListScreen';
import { tabbedScreen } from '../../shared/ui/Screen';
import { visibleColumn } from '../../shared/ui/StatusTag';
import { englishOf } from '../../shared/ui/TranslationsInput';
import { VisibilityDialog, editAndToggleColumn } from '../../shared/ui/VisibilityDialog';
import { CreateButton } from '../../shared/ui/buttons';
import { timeColumn } from '../../shared/ui/columns';
import { SwitchField, WholeNumberField } from '../../shared/ui/fields';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { ReasonField } from '../../shared/ui/ReasonField';
import { useEditor } from '../../shared/ui/use-editor';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.notices;
const C = STRINGS.common;
type Notice = AnswerOf<typeof messages.operatorNotices>;
interface NoticeValues {
  titleLang: Record<string, string>;
  contentLang: Record<string, string>;
  visible: boolean;
  sort: number;
  publishTime?: Dayjs;
}

function Notices() {
  const paging = usePaging();
  const list = useEndpoint(messages.operatorNotices, paging.page);
  const save = useAction(messages.operatorNoticeSave, [messages.operatorNotices]);
  const visibility = useAction(messages.operatorNoticeVisibility, [messages.operatorNotices]);
  const may = useMayCall();
  const notify = useNotify();
  const editor = useEditor<NoticeValues>();
  const [toggling, setToggling] = useState<Notice | null>(null);
  const mayEdit = may(messages.operatorNoticeSave);
  return (
    <ListPanel<Notice>
      toolbar={
        mayEdit ? (
          <CreateButton onClick={() => editor.create({ visible: true, sort: 0, titleLang: {}, contentLang: {} })}>
            {T.newNotice}
          </CreateButton>
        ) : null
      }
      read={list}
      paging={paging}
      columns={[
        { title: C.title, render: (_, row) => <Typography.Text strong>{englishOf(row.titleLang)}</Typography.Text> },
        { title: CONTENT_STRINGS.help.languages, width: 110, render: (_, row) => Object.keys(row.titleLang).length },
        timeColumn(T.publishTime, 'publishTime'),
        { title: C.sort, dataIndex: 'sort', width: 70 },
        visibleColumn<Notice>('visible'),
        editAndToggleColumn({
          allowed: mayEdit,
          visible: (row) => row.visible,
          onEdit: (row) =>
            editor.edit(row.id, {
              titleLang: row.titleLang,
              contentLang: row.contentLang,
              visible: row.visible === 1,
              sort: row.sort,
              publishTime: dayjs(row.publishTime),
            }),
          onToggle: (row) => setToggling(row),
        }),
      ]}
    >
      <EditDrawer<NoticeValues>
        {...editor.drawer}
        title={editor.title(T.newNotice, T.editNotice)}
        width={680}
        done={T.saved}
        onSubmit={(values) =>
          save.mutateAsync({
            body: {
              id: editor.id,
              titleLang: values.titleLang,
              contentLang: values.contentLang,
              visible: values.visible ? 1 : 0,
              sort: values.sort ?? 0,
              publishTime: values.publishTime ? values.publishTime.valueOf() : undefined,
              reason: values.reason,
            },
          })
        }
      >
        <MultilingualFields contentHelp={T.contentHelp} />
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item name="publishTime" label={T.publishTime}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <WholeNumberField name="sort" label={C.sort} span={7} />
          <SwitchField name="visible" label={C.visible} span={7} />
        </Row>
      </EditDrawer>
      <VisibilityDialog<Notice>
        target={toggling}
        visible={(row) => row.visible}
        name={(row) => englishOf(row.titleLang)}
        onCancel={() => setToggling(null)}
        onToggle={async (row, reason) => {
          await visibility.mutateAsync({ body: { id: row.id, visible: row.visible ? 0 : 1, reason } });
          notify.done(T.visibility);
        }}
      />
    </ListPanel>
  );
}

function Broadcast() {
  const [form] = Form.useForm<{
    userId?: number;
    titleLang: Record<string, string>;
    contentLang: Record<string, string>;
    reason: string;
  }>();
  const send = useAction(messages.operatorBroadcast);
  const notify = useNotify();
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={{ titleLang: {}, contentLang: {} }}
      onFinish={async (values) => {
        setError(null);
        setResult(null);
        try {
          const answer = await send.mutateAsync({ body: values });
          setResult(`${T.sent}: ${answer.recipients} ${T.recipients}`);
          notify.done(T.sent);
          form.resetFields();
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : String(failure));
        }
      }}
    >
      <Form.Item name="userId" label={T.recipient}>
        <InputNumber min={1} precision={0} style={{ width: 240 }} />
      </Form.Item>
      <MultilingualFields contentHelp={T.plainHelp} contentMaxLength={5000} />
      <ReasonField />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      {result ? <Alert type="success" showIcon message={result} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
        {T.send}
      </Button>
    </Form>
  );
}

export default tabbedScreen(T.subtitle, [
  { key: 'notices', label: T.list, children: <Notices /> },
  { key: 'broadcast', label: T.broadcast, children: <Broadcast />, gate: messages.operatorBroadcast },
]);
