import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Image, Input, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { FilterSelect } from '../../shared/ui/FilterSelect';
import { ListScreen } from '../../shared/ui/ListScreen';
import { visibleColumn } from '../../shared/ui/StatusTag';
import { CreateButton } from '../../shared/ui/buttons';
import { editColumn } from '../../shared/ui/columns';
import { SortAndVisibleFields } from '../../shared/ui/fields';
import { languageOptions, type LanguageCode } from '../../shared/ui/languages';
import { useNotify } from '../../shared/ui/notify';
import { localPagination } from '../../shared/ui/paging';
import { useEditor } from '../../shared/ui/use-editor';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.banners;
const C = STRINGS.common;
type Banner = AnswerOf<typeof operatorSettings.operatorBanners>;
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
  const editor = useEditor<Values>();
  const imageUrl = Form.useWatch('imageUrl', editor.form);
  return (
    <ListScreen<Banner>
      subtitle={T.subtitle}
      extra={
        <CreateButton
          onClick={() => editor.create({ language: language ?? 'en', isVisible: true, sort: 0, title: '', link: '' })}
        >
          {T.newBanner}
        </CreateButton>
      }
      toolbar={
        <FilterSelect
          placeholder={T.allLanguages}
          width={240}
          value={language}
          onChange={setLanguage}
          options={languageOptions()}
        />
      }
      read={list}
      pagination={localPagination(8)}
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
        visibleColumn<Banner>('isVisible'),
        editColumn((row) =>
          editor.edit(row.id, { ...row, language: row.language as LanguageCode, isVisible: row.isVisible === 1 }),
        ),
      ]}
    >
      <EditDrawer<Values>
        {...editor.drawer}
        title={editor.title(T.newBanner, T.editBanner)}
        done={T.saved}
        onSubmit={(values) =>
          save.mutateAsync({ body: { ...values, id: editor.id, isVisible: values.isVisible ? 1 : 0 } })
        }
      >
        <Form.Item name="language" label={C.language} rules={[{ required: true }]}>
          <Select options={languageOptions()} />
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
                  editor.form.setFieldValue('imageUrl', answer.url);
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
        <SortAndVisibleFields visibleName="isVisible" />
      </EditDrawer>
    </ListScreen>
  );
}
