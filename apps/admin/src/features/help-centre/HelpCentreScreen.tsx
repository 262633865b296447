import { helpCentre, type AnswerOf } from '@kestrel/contract';
import { Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../shared/api/call';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { FilterSelect } from '../../shared/ui/FilterSelect';
import { ListPanel } from '../../shared/ui/ListScreen';
import { tabbedScreen } from '../../shared/ui/Screen';
import { visibleColumn } from '../../shared/ui/StatusTag';
import { TranslationsInput, englishOf } from '../../shared/ui/TranslationsInput';
import { VisibilityDialog, editAndToggleColumn } from '../../shared/ui/VisibilityDialog';
import { CreateButton } from '../../shared/ui/buttons';
import { timeColumn } from '../../shared/ui/columns';
import { SortAndVisibleFields, SwitchField, WholeNumberField } from '../../shared/ui/fields';
import { languageOptions } from '../../shared/ui/languages';
import { useNotify } from '../../shared/ui/notify';
import { useFilteredPaging } from '../../shared/ui/paging';
import { useEditor } from '../../shared/ui/use-editor';
import { CONTENT_STRINGS, STRINGS } from '../../shared/strings';

const T = CONTENT_STRINGS.help;
const C = STRINGS.common;
type Category = AnswerOf<typeof helpCentre.operatorHelpCategories>;
type Article = AnswerOf<typeof helpCentre.operatorHelpArticles>;
type Texts = Record<string, { title: string; content: string }>;
interface CategoryValues {
  nameLang: Record<string, string>;
  sort: number;
  visible: boolean;
}

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
      <Select value={language} onChange={setLanguage} style={{ width: 260 }} options={languageOptions(value)} />
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
  const editor = useEditor<CategoryValues>();
  const [toggling, setToggling] = useState<Category | null>(null);
  return (
    <ListPanel<Category>
      toolbar={
        <CreateButton onClick={() => editor.create({ nameLang: {}, sort: 0, visible: true })}>
          {T.newCategory}
        </CreateButton>
      }
      read={list}
      pagination={false}
      columns={[
        { title: C.name, render: (_, row) => <Typography.Text strong>{englishOf(row.nameLang)}</Typography.Text> },
        { title: T.languages, width: 110, render: (_, row) => Object.keys(row.nameLang).length },
        { title: T.articleCount, dataIndex: 'articleCount', width: 100 },
        { title: C.sort, dataIndex: 'sort', width: 80 },
        visibleColumn<Category>('isVisible'),
        timeColumn(T.updated, 'updatedAt'),
        editAndToggleColumn({
          visible: (row) => row.isVisible,
          onEdit: (row) =>
            editor.edit(row.id, { nameLang: row.nameLang, sort: row.sort, visible: row.isVisible === 1 }),
          onToggle: (row) => setToggling(row),
        }),
      ]}
    >
      <EditDrawer<CategoryValues>
        {...editor.drawer}
        title={editor.title(T.newCategory, T.editCategory)}
        done={T.saved}
        onSubmit={(values) =>
          save.mutateAsync({
            body: {
              id: editor.id,
              nameLang: values.nameLang,
              sort: values.sort,
              isVisible: values.visible ? 1 : 0,
              reason: values.reason,
            },
          })
        }
      >
        <Form.Item name="nameLang" label={C.name} rules={[{ required: true }]}>
          <TranslationsInput maxLength={100} />
        </Form.Item>
        <SortAndVisibleFields visibleName="visible" />
      </EditDrawer>
      <VisibilityDialog<Category>
        target={toggling}
        visible={(row) => row.isVisible}
        name={(row) => englishOf(row.nameLang)}
        onCancel={() => setToggling(null)}
        onToggle={async (row, reason) => {
          await visibility.mutateAsync({ body: { id: row.id, isVisible: row.isVisible ? 0 : 1, reason } });
          notify.done(T.saved);
        }}
      />
    </ListPanel>
  );
}

function Articles() {
  const categories = useEndpoint(helpCentre.operatorHelpCategories);
  const filtered = useFilteredPaging<{ categoryId?: number }>({});
  const { categoryId } = filtered.filters;
  const list = useEndpoint(helpCentre.operatorHelpArticles, filtered.query);
  const save = useAction(helpCentre.operatorHelpArticleSave, [
    helpCentre.operatorHelpArticles,
    helpCentre.operatorHelpCategories,
  ]);
  const visibility = useAction(helpCentre.operatorHelpArticleVisibility, [helpCentre.operatorHelpArticles]);
  const notify = useNotify();
  type Values = { categoryId: number; texts: Texts; sort: number; visible: boolean };
  const editor = useEditor<Values>();
  const [toggling, setToggling] = useState<Article | null>(null);
  const categoryOptions = (categories.data?.rows ?? []).map((row) => ({
    value: row.id,
    label: englishOf(row.nameLang),
  }));
  const categoryName = (id: number) => categoryOptions.find((option) => option.value === id)?.label ?? `#${id}`;

  const edit = async (row: Article) => {
    try {
      const article = await call(helpCentre.operatorHelpArticleDetail, { query: { id: row.id } });
      editor.edit(row.id, {
        categoryId: article.categoryId,
        texts: article.texts,
        sort: article.sort,
        visible: article.isVisible === 1,
      });
    } catch (error) {
      notify.failed(error);
    }
  };

  return (
    <ListPanel<Article>
      toolbar={
        <Space>
          <FilterSelect
            placeholder={T.allCategories}
            width={240}
            options={categoryOptions}
            value={categoryId}
            onChange={(value) => filtered.set({ categoryId: value })}
          />
          <CreateButton onClick={() => editor.create({ categoryId, texts: {}, sort: 0, visible: true })}>
            {T.newArticle}
          </CreateButton>
        </Space>
      }
      read={list}
      paging={filtered.paging}
      columns={[
        {
          title: C.title,
          dataIndex: 'title',
          render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
        },
        { title: T.category, dataIndex: 'categoryId', width: 200, render: categoryName },
        { title: T.languages, width: 110, render: (_, row) => row.languages.length },
        visibleColumn<Article>('isVisible'),
        timeColumn(T.updated, 'updatedAt'),
        editAndToggleColumn({
          visible: (row) => row.isVisible,
          onEdit: (row) => void edit(row),
          onToggle: (row) => setToggling(row),
        }),
      ]}
    >
      <EditDrawer<Values>
        {...editor.drawer}
        title={editor.title(T.newArticle, T.editArticle)}
        width={720}
        onSubmit={async (values) => {
          const answer = await save.mutateAsync({
            body: {
              id: editor.id,
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
          <WholeNumberField name="sort" label={C.sort} span={6} />
          <SwitchField name="visible" label={C.visible} span={6} />
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
      <VisibilityDialog<Article>
        target={toggling}
        visible={(row) => row.isVisible}
        name={(row) => row.title}
        onCancel={() => setToggling(null)}
        onToggle={async (row, reason) => {
          await visibility.mutateAsync({ body: { id: row.id, isVisible: row.isVisible ? 0 : 1, reason } });
          notify.done(T.saved);
        }}
      />
    </ListPanel>
  );
}

export default tabbedScreen(T.subtitle, [
  { key: 'articles', label: T.articles, children: <Articles /> },
  { key: 'categories', label: T.categories, children: <Categories /> },
]);
