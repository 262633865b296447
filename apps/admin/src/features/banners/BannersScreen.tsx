import { LANGUAGES, operatorSettings, type AnswerOf } from '@kestrel/contract';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Col, Form, Image, Input, InputNumber, Row, Select, Space, Switch, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { useNotify } from '../../shared/ui/notify';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.banners;
const C = STRINGS.common;
type Banner = AnswerOf<typeof operatorSettings.operatorBanners>;
type LanguageCode = (typeof LANGUAGES)[number]['code'];
interface Values {
  language: LanguageCode;
  title: string;
  imageUrl: string;
  link: string;
  isVisible: boolean;
  sort: number;
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export default function BannersScreen() {
  const [language, setLanguage] = useState<LanguageCode | undefined>(undefined);
  const list = useEndpoint(operatorSettings.operatorBanners, { language });
  const save = useAction(operatorSettings.operatorBannerSave, [operatorSettings.operatorBanners]);
  const upload = useAction(operatorSettings.operatorBannerUpload);
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<{ id?: number; values: Partial<Values> } | null>(null);
  const imageUrl = Form.useWatch('imageUrl', form);
  return (
    <Screen
      title={STRINGS.screens.banners}
      subtitle={T.subtitle}
      testId="screen-banners"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() =>
            setEditing({ values: { language: language ?? 'en', isVisible: true, sort: 0, title: '', link: '' } })
          }
        >
          {T.newBanner}
        </Button>
      }
    >
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Select
            allowClear
            placeholder={T.allLanguages}
            style={{ width: 240 }}
            value={language}
            onChange={setLanguage}
            options={LANGUAGES.map((entry) => ({ value: entry.code, label: `${entry.name} (${entry.code})` }))}
          />
          {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
          <Table<Banner>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            pagination={{ pageSize: 8, showTotal: (count) => `${count} in all` }}
            locale={{ emptyText: C.empty }}
            columns={[
              {
                title: T.image,
                dataIndex: 'imageUrl',
                width: 150,
                render: (url: string) => (
                  <Image src={url} width={128} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ),
              },
              { title: C.title, dataIndex: 'title', render: (value: string) => value || '—' },
              { title: C.language, dataIndex: 'language', width: 90 },
              {
                title: T.link,
                dataIndex: 'link',
                ellipsis: true,
                render: (value: string) => <span className="mono">{value || '—'}</span>,
              },
              { title: C.sort, dataIndex: 'sort', width: 70 },
              {
                title: C.status,
                dataIndex: 'isVisible',
                width: 100,
                render: (value: number) => (value ? <Tag color="success">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>),
              },
              {
                title: C.actions,
                width: 90,
                render: (_, row) => (
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({
                        id: row.id,
                        values: { ...row, language: row.language as LanguageCode, isVisible: row.isVisible === 1 },
                      })
                    }
                  >
                    {C.edit}
                  </Button>
                ),
              },
            ]}
          />
        </Space>
      </Section>
      <EditDrawer<Values>
        open={editing !== null}
        title={editing?.id ? T.editBanner : T.newBanner}
        form={form}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          await save.mutateAsync({ body: { ...values, id: editing?.id, isVisible: values.isVisible ? 1 : 0 } });
          notify.done(T.saved);
        }}
      >
        <Form.Item name="language" label={C.language} rules={[{ required: true }]}>
          <Select options={LANGUAGES.map((entry) => ({ value: entry.code, label: `${entry.name} (${entry.code})` }))} />
        </Form.Item>
        <Form.Item name="title" label={C.title}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item label={T.imageUrl} required>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Form.Item name="imageUrl" noStyle rules={[{ required: true }]}>
              <Input />
            </Form.Item>
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={async (file) => {
                try {
                  const answer = await upload.mutateAsync({ body: { file: await readDataUrl(file) } });
                  form.setFieldValue('imageUrl', answer.url);
                  notify.done(T.uploaded);
                } catch (error) {
                  notify.failed(error);
                }
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {T.upload}
              </Button>
            </Upload>
            {imageUrl ? <Image src={imageUrl} width={320} style={{ borderRadius: 6 }} /> : null}
          </Space>
        </Form.Item>
        <Form.Item name="link" label={T.link}>
          <Input />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="sort" label={C.sort}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="isVisible" label={C.visible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </EditDrawer>
    </Screen>
  );
}
