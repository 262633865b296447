import { LANGUAGES, helpCentre, type AnswerOf } from '@kestrel/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../shared/api/call';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { formatTime } from '../../shared/format/format';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { TranslationsInput, englishOf } from '../../shared/ui/TranslationsInput';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.help;
const C = STRINGS.common;
type Category = AnswerOf<typeof helpCentre.operatorHelpCategories>;
type Article = AnswerOf<typeof helpCentre.operatorHelpArticles>;
type Texts = Record<string, { title: string; content: string }>;

/** An article's title and content per language, as one Form control. */
function ArticleTexts(props: { value?: Texts; onChange?: (value: Texts) => void }) {
  const [language, setLanguage] = useState('en');
  const value = props.value ?? {};
  const current = value[language] ?? { title: '', content: '' };
  const set = (patch: Partial<{ title: string; content: string }>) => {
    const next = { ...value, [language]: { ...current, ...patch } };
    const entry = next[language];
    if (entry && !entry.title && !entry.content && language !== 'en') delete next[language];
    props.onChange?.(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        value={language}
        onChange={setLanguage}
        style={{ width: 260 }}
        options={LANGUAGES.map((entry) => ({
          value: entry.code,
          label: `${entry.name} (${entry.code})${value[entry.code] ? ' ✓' : ''}`,
        }))}
      />
      <Input
        placeholder={C.title}
        value={current.title}
        onChange={(event) => set({ title: event.target.value })}
        maxLength={200}
      />
      <Input.TextArea
        rows={10}
        placeholder={C.content}
        value={current.content}
        onChange={(event) => set({ content: event.target.value })}
      />
    </Space>
  );
}

function Categories() {
  const list = useEndpoint(helpCentre.operatorHelpCategories);
  const save = useAction(helpCentre.operatorHelpCategorySave, [helpCentre.operatorHelpCategories]);
  const visibility = useAction(helpCentre.operatorHelpCategoryVisibility, [
    helpCentre.operatorHelpCategories,
    helpCentre.operatorHelpArticles,
  ]);
  const notify = useNotify();
  const [form] = Form.useForm<{ nameLang: Record<string, string>; sort: number; visible: boolean }>();
  const [editing, setEditing] = useState<{
    id?: number;
    values: { nameLang: Record<string, string>; sort: number; visible: boolean };
  } | null>(null);
  const [toggling, setToggling] = useState<Category | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing({ values: { nameLang: {}, sort: 0, visible: true } })}
      >
        {T.newCategory}
      </Button>
      {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<Category>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: C.empty }}
        columns={[
          { title: C.name, render: (_, row) => <Typography.Text strong>{englishOf(row.nameLang)}</Typography.Text> },
          { title: T.languages, width: 110, render: (_, row) => Object.keys(row.nameLang).length },
          { title: T.articleCount, dataIndex: 'articleCount', width: 100 },
          { title: C.sort, dataIndex: 'sort', width: 80 },
          {
            title: C.status,
            dataIndex: 'isVisible',
            width: 100,
            render: (value: number) => (value ? <Tag color="success">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>),
          },
          { title: T.updated, dataIndex: 'updatedAt', width: 170, render: formatTime },
          {
            title: C.actions,
            width: 160,
            render: (_, row) => (
              <Space>
                <Button
                  size="small"
                  onClick={() =>
                    setEditing({
                      id: row.id,
                      values: { nameLang: row.nameLang, sort: row.sort, visible: row.isVisible === 1 },
                    })
                  }
                >
                  {C.edit}
                </Button>
                <Button size="small" onClick={() => setToggling(row)}>
                  {row.isVisible ? C.hide : C.show}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <EditDrawer
        open={editing !== null}
        title={editing?.id ? T.editCategory : T.newCategory}
        form={form}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          await save.mutateAsync({
            body: {
              id: editing?.id,
              nameLang: values.nameLang,
              sort: values.sort,
              isVisible: values.visible ? 1 : 0,
              reason: values.reason,
            },
          });
          notify.done(T.saved);
        }}
      >
        <Form.Item name="nameLang" label={C.name} rules={[{ required: true }]}>
          <TranslationsInput maxLength={100} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="sort" label={C.sort}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="visible" label={C.visible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </EditDrawer>
      <ReasonModal
        open={toggling !== null}
        title={`${toggling?.isVisible ? C.hide : C.show}: ${toggling ? englishOf(toggling.nameLang) : ''}`}
        okText={toggling?.isVisible ? C.hide : C.show}
        reasonRequired
        onCancel={() => setToggling(null)}
        onSubmit={async (reason) => {
          if (!toggling) return;
          await visibility.mutateAsync({ body: { id: toggling.id, isVisible: toggling.isVisible ? 0 : 1, reason } });
          notify.done(T.saved);
          setToggling(null);
        }}
      />
    </Space>
  );
}

function Articles() {
  const categories = useEndpoint(helpCentre.operatorHelpCategories);
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const { page, pagination, reset } = usePaging();
  const list = useEndpoint(helpCentre.operatorHelpArticles, { ...page, categoryId });
  const save = useAction(helpCentre.operatorHelpArticleSave, [
    helpCentre.operatorHelpArticles,
    helpCentre.operatorHelpCategories,
  ]);
  const visibility = useAction(helpCentre.operatorHelpArticleVisibility, [helpCentre.operatorHelpArticles]);
  const notify = useNotify();
  type Values = { categoryId: number; texts: Texts; sort: number; visible: boolean };
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<{ id?: number; values: Partial<Values> } | null>(null);
  const [toggling, setToggling] = useState<Article | null>(null);
  const categoryOptions = (categories.data?.rows ?? []).map((row) => ({
    value: row.id,
    label: englishOf(row.nameLang),
  }));
  const categoryName = (id: number) => categoryOptions.find((option) => option.value === id)?.label ?? `#${id}`;

  const edit = async (row: Article) => {
    try {
      const article = await call(helpCentre.operatorHelpArticleDetail, { query: { id: row.id } });
      setEditing({
        id: row.id,
        values: {
          categoryId: article.categoryId,
          texts: article.texts,
          sort: article.sort,
          visible: article.isVisible === 1,
        },
      });
    } catch (error) {
      notify.failed(error);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Space>
        <Select
          allowClear
          placeholder={T.allCategories}
          style={{ width: 240 }}
          options={categoryOptions}
          value={categoryId}
          onChange={(value?: number) => {
            setCategoryId(value);
            reset();
          }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ values: { categoryId, texts: {}, sort: 0, visible: true } })}
        >
          {T.newArticle}
        </Button>
      </Space>
      {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
      <Table<Article>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={pagination(list.data?.total)}
        locale={{ emptyText: C.empty }}
        columns={[
          {
            title: C.title,
            dataIndex: 'title',
            render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
          },
          { title: T.category, dataIndex: 'categoryId', width: 200, render: categoryName },
          { title: T.languages, width: 110, render: (_, row) => row.languages.length },
          {
            title: C.status,
            dataIndex: 'isVisible',
            width: 100,
            render: (value: number) => (value ? <Tag color="success">{C.visible}</Tag> : <Tag>{C.hidden}</Tag>),
          },
          { title: T.updated, dataIndex: 'updatedAt', width: 170, render: formatTime },
          {
            title: C.actions,
            width: 160,
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => void edit(row)}>
                  {C.edit}
                </Button>
                <Button size="small" onClick={() => setToggling(row)}>
                  {row.isVisible ? C.hide : C.show}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <EditDrawer<Values>
        open={editing !== null}
        title={editing?.id ? T.editArticle : T.newArticle}
        form={form}
        initialValues={editing?.values}
        width={720}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const answer = await save.mutateAsync({
            body: {
              id: editing?.id,
              categoryId: values.categoryId,
              texts: values.texts,
              sort: values.sort ?? 0,
              isVisible: values.visible ? 1 : 0,
              reason: values.reason,
            },
          });
          notify.done(
            answer.sanitizedLanguages.length > 0
              ? `${T.saved}. ${T.sanitized}: ${answer.sanitizedLanguages.join(', ')}`
              : T.saved,
          );
        }}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="categoryId" label={T.category} rules={[{ required: true }]}>
              <Select options={categoryOptions} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="sort" label={C.sort}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="visible" label={C.visible} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="texts"
          label={C.content}
          rules={[
            {
              validator: (_, value?: Texts) =>
                value?.en?.title ? Promise.resolve() : Promise.reject(new Error('An English title is required')),
            },
          ]}
        >
          <ArticleTexts />
        </Form.Item>
      </EditDrawer>
      <ReasonModal
        open={toggling !== null}
        title={`${toggling?.isVisible ? C.hide : C.show}: ${toggling?.title ?? ''}`}
        okText={toggling?.isVisible ? C.hide : C.show}
        reasonRequired
        onCancel={() => setToggling(null)}
        onSubmit={async (reason) => {
          if (!toggling) return;
          await visibility.mutateAsync({ body: { id: toggling.id, isVisible: toggling.isVisible ? 0 : 1, reason } });
          notify.done(T.saved);
          setToggling(null);
        }}
      />
    </Space>
  );
}

export default function HelpCentreScreen() {
  return (
    <Screen title={STRINGS.screens.helpCentre} subtitle={T.subtitle} testId="screen-help-centre">
      <Section>
        <Tabs
          items={[
            { key: 'articles', label: T.articles, children: <Articles /> },
            { key: 'categories', label: T.categories, children: <Categories /> },
          ]}
        />
      </Section>
    </Screen>
  );
}
