import { rewards, type AnswerOf } from '@kestrel/contract';
import { Col, Form, Input, InputNumber, Row, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useCurrencies } from '../../shared/api/reference';
import { useMayCall } from '../../shared/api/use-session';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { Note } from '../../shared/ui/Note';
import { ListScreen } from '../../shared/ui/ListScreen';
import { VisibleTag } from '../../shared/ui/StatusTag';
import { TranslationsInput } from '../../shared/ui/TranslationsInput';
import { CreateButton } from '../../shared/ui/buttons';
import { editColumn } from '../../shared/ui/columns';
import { SwitchField, WholeNumberField } from '../../shared/ui/fields';
import { usePaging } from '../../shared/ui/paging';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.rewards;
const C = STRINGS.common;
type Task = AnswerOf<typeof rewards.operatorRewardTasks>;
interface Values {
  titleLang: Record<string, string>;
  descriptionLang: Record<string, string>;
  condition: (typeof rewards.REWARD_CONDITIONS)[number];
  threshold: number;
  amount: string;
  currencyId: number;
  visible: boolean;
  sort: number;
}

export default function RewardsScreen() {
  const paging = usePaging(20);
  const list = useEndpoint(rewards.operatorRewardTasks, paging.page);
  const save = useAction(rewards.operatorRewardTaskSave, [rewards.operatorRewardTasks, rewards.rewardTaskList]);
  const currencies = useCurrencies();
  const may = useMayCall();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<{ id?: number; claims?: number; values: Partial<Values> } | null>(null);
  const condition = Form.useWatch('condition', form);
  // A task someone has claimed keeps its amount and currency (the server refuses a change).
  const claimed = (editing?.claims ?? 0) > 0;
  return (
    <ListScreen<Task>
      subtitle={T.subtitle}
      extra={
        may(rewards.operatorRewardTaskSave) ? (
          <CreateButton
            onClick={() => setEditing({ values: { threshold: 1, visible: true, sort: 0, condition: 'first_deposit' } })}
          >
            {T.newTask}
          </CreateButton>
        ) : null
      }
      read={list}
      paging={paging}
      columns={[
        {
          title: C.title,
          render: (_, row) => {
            const languages = Object.keys(row.titleLang).filter((code) => row.titleLang[code]);
            return (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.titleLang.en ?? Object.values(row.titleLang)[0] ?? '—'}</Typography.Text>
                <Tooltip title={languages.join(', ')}>
                  <Note>
                    {T.languages}: {languages.length}
                  </Note>
                </Tooltip>
              </Space>
            );
          },
        },
        {
          title: T.condition,
          render: (_, row) =>
            `${T.conditions[row.condition] ?? row.condition}${row.condition === 'invited_depositors' ? ` (${row.threshold})` : ''}`,
        },
        {
          title: C.amount,
          align: 'right',
          render: (_, row) => <Money value={row.amount} currency={currencies.nameOf(row.currencyId)} strong />,
        },
        { title: T.claims, dataIndex: 'claims', align: 'right', width: 90 },
        { title: C.sort, dataIndex: 'sort', align: 'right', width: 70 },
        {
          title: C.status,
          width: 100,
          render: (_, row) => <VisibleTag visible={row.visible} />,
        },
        editColumn(
          may(rewards.operatorRewardTaskSave)
            ? (row) =>
                setEditing({
                  id: row.id,
                  claims: row.claims,
                  values: {
                    titleLang: row.titleLang,
                    descriptionLang: row.descriptionLang,
                    condition: row.condition,
                    threshold: row.threshold,
                    amount: row.amount,
                    currencyId: row.currencyId,
                    visible: row.visible === 1,
                    sort: row.sort,
                  },
                })
            : undefined,
        ),
      ]}
    >
      <EditDrawer<Values>
        open={editing !== null}
        title={editing?.id ? T.editTask : T.newTask}
        form={form}
        initialValues={editing?.values}
        width={620}
        onClose={() => setEditing(null)}
        done={T.saved}
        onSubmit={(values) =>
          save.mutateAsync({ body: { ...values, id: editing?.id, visible: values.visible ? 1 : 0 } })
        }
      >
        <Form.Item
          name="titleLang"
          label={C.title}
          rules={[
            {
              validator: (_, value?: Record<string, string>) =>
                value?.en ? Promise.resolve() : Promise.reject(new Error('English is required')),
            },
          ]}
        >
          <TranslationsInput maxLength={200} />
        </Form.Item>
        <Form.Item name="descriptionLang" label={C.description}>
          <TranslationsInput multiline maxLength={2000} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="condition" label={T.condition} rules={[{ required: true }]}>
              <Select options={rewards.REWARD_CONDITIONS.map((value) => ({ value, label: T.conditions[value] }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="threshold" label={T.threshold} hidden={condition !== 'invited_depositors'}>
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="amount"
              label={C.amount}
              rules={[{ required: true }, DECIMAL_RULE]}
              extra={claimed ? T.claimedKeepsAmount : undefined}
            >
              <Input disabled={claimed} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="currencyId" label={C.currency} rules={[{ required: true }]}>
              <Select options={currencies.options} disabled={claimed} />
            </Form.Item>
          </Col>
          <WholeNumberField name="sort" label={C.sort} span={12} max={10000} />
          <SwitchField name="visible" label={C.visible} span={12} />
        </Row>
      </EditDrawer>
    </ListScreen>
  );
}
