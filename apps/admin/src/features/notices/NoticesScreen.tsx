import { messages, type AnswerOf } from '@kestrel/contract';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { TranslationsInput, englishOf } from '../../shared/ui/TranslationsInput';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
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
const englishRequired = {
  validator: (_: unknown, value?: Record<string, string>) =>
    value?.en?.trim() ? Promise.resolve() : Promise.reject(new Error('English is required')),
};

function Notices() {
  const { page, pagination } = usePaging();
  const list = useEndpoint(messages.operatorNotices, page);
  const save = useAction(messages.operatorNoticeSave, [messages.operatorNotices]);
  const visibility = useAction(messages.operatorNoticeVisibility, [messages.operatorNotices]);
  const may = useMayCall();
  const notify = useNotify();
  const [form] = Form.useForm<NoticeValues>();
  const [editing, setEditing] = useState<{ id?: number; values: Partial<NoticeValues> } | null>(null);
  const [toggling, setToggling] = useState<Notice | null>(null);
  const mayEdit = may(messages.operatorNoticeSave);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      {mayEdit ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ values: { visible: true, sort: 0, titleLang: {}, contentLang: {} } })}
        >
          {T.newNotice}
        </Button>
      ) : null}
      {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<Notice>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={pagination(list.data?.total)}
        locale={{ emptyText: C.empty }}
        columns={[
          { title: C.title, render: (_, row) => <Typography.Text strong>{englishOf(row.titleLang)}</Typography.Text> },
          { title: CONTENT_STRINGS.help.languages, width: 110, render: (_, row) => Object.keys(row.titleLang).length },
          { title: T.publishTime, dataIndex: 'publishTime', width: 170, render: formatTime },
          { title: C.sort, dataIndex: 'sort', width: 70 },
          {
            title: C.status,
            dataIndex: 'visible',
            width: 100,
            render: (value: number) => (value ? <Tag color="success">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>),
          },
          {
            title: C.actions,
            width: 160,
            render: (_, row) =>
              mayEdit ? (
                <Space>
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({
                        id: row.id,
                        values: {
                          titleLang: row.titleLang,
                          contentLang: row.contentLang,
                          visible: row.visible === 1,
                          sort: row.sort,
                          publishTime: dayjs(row.publishTime),
                        },
                      })
                    }
                  >
                    {C.edit}
                  </Button>
                  <Button size="small" onClick={() => setToggling(row)}>
                    {row.visible ? C.hide : C.show}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <EditDrawer<NoticeValues>
        open={editing !== null}
        title={editing?.id ? T.editNotice : T.newNotice}
        form={form}
        initialValues={editing?.values}
        width={680}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            body: {
              id: editing?.id,
              titleLang: values.titleLang,
              contentLang: values.contentLang,
              visible: values.visible ? 1 : 0,
              sort: values.sort ?? 0,
              publishTime: values.publishTime ? values.publishTime.valueOf() : undefined,
              reason: values.reason,
            },
          });
          notify.done(T.saved);
        }}
      >
        <Form.Item name="titleLang" label={C.title} rules={[englishRequired]}>
          <TranslationsInput maxLength={200} />
        </Form.Item>
        <Form.Item name="contentLang" label={C.content} extra={T.contentHelp} rules={[englishRequired]}>
          <TranslationsInput multiline />
        </Form.Item>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item name="publishTime" label={T.publishTime}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="sort" label={C.sort}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="visible" label={C.visible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </EditDrawer>
      <ReasonModal
        open={toggling !== null}
        title={`${toggling?.visible ? C.hide : C.show}: ${toggling ? englishOf(toggling.titleLang) : ''}`}
        okText={toggling?.visible ? C.hide : C.show}
        reasonRequired
        onCancel={() => setToggling(null)}
        onSubmit={async (reason) => {
          if (!toggling) return;
          await visibility.mutateAsync({ body: { id: toggling.id, visible: toggling.visible ? 0 : 1, reason } });
          notify.done(T.visibility);
          setToggling(null);
        }}
      />
    </Space>
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
      <Form.Item name="titleLang" label={C.title} rules={[englishRequired]}>
        <TranslationsInput maxLength={200} />
      </Form.Item>
      <Form.Item name="contentLang" label={C.content} extra={T.plainHelp} rules={[englishRequired]}>
        <TranslationsInput multiline maxLength={5000} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={C.reason}
        rules={[{ required: true, whitespace: true, message: C.reasonRequired }]}
      >
        <Input maxLength={500} />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      {result ? <Alert type="success" showIcon message={result} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
        {T.send}
      </Button>
    </Form>
  );
}

export default function NoticesScreen() {
  const may = useMayCall();
  return (
    <Screen title={STRINGS.screens.notices} subtitle={T.subtitle} testId="screen-notices">
      <Section>
        <Tabs
          items={[
            { key: 'notices', label: T.list, children: <Notices /> },
            ...(may(messages.operatorBroadcast)
              ? [{ key: 'broadcast', label: T.broadcast, children: <Broadcast /> }]
              : []),
          ]}
        />
      </Section>
    </Screen>
  );
}
