import { treasury, type AnswerOf } from '@kestrel/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Form, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { useNotify } from '../../shared/ui/notify';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.reserves;
const C = STRINGS.common;
type Account = AnswerOf<typeof treasury.operatorFundedAccounts>[number];

export default function ReservesScreen() {
  const list = useEndpoint(treasury.operatorFundedAccounts);
  const fund = useAction(treasury.operatorFundAccount, [treasury.operatorFundedAccounts]);
  const may = useMayCall();
  const notify = useNotify();
  const [form] = Form.useForm<{ amount: string }>();
  const [funding, setFunding] = useState<Account | null>(null);
  return (
    <Screen
      title={STRINGS.screens.reserves}
      subtitle={T.subtitle}
      testId="screen-reserves"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
          {C.refresh}
        </Button>
      }
    >
      <Section>
        {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
        <Table<Account>
          rowKey={(row) => `${row.account}-${row.currencyId}-${row.book}`}
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: C.empty }}
          columns={[
            { title: T.account, dataIndex: 'account', render: (value: string) => T.accounts[value] ?? value },
            { title: C.currency, dataIndex: 'currencyName' },
            {
              title: C.book,
              dataIndex: 'book',
              render: (book: string) => <Tag color={book === 'real' ? 'blue' : 'default'}>{book}</Tag>,
            },
            { title: T.balance, align: 'right', render: (_, row) => <Money value={row.balance} strong /> },
            { title: T.committed, align: 'right', render: (_, row) => <Money value={row.committed} /> },
            { title: T.uncommitted, align: 'right', render: (_, row) => <Money value={row.uncommitted} /> },
            {
              title: C.actions,
              width: 100,
              render: (_, row) =>
                may(treasury.operatorFundAccount) ? (
                  <Button size="small" type="primary" ghost onClick={() => setFunding(row)}>
                    {T.fund}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Section>
      <EditDrawer<{ amount: string }>
        open={funding !== null}
        title={T.fundTitle}
        form={form}
        onClose={() => setFunding(null)}
        onSubmit={async (values) => {
          if (!funding) return;
          await fund.mutateAsync({
            body: {
              account: funding.account,
              currencyId: funding.currencyId,
              book: funding.book === 'demo' ? 'demo' : 'real',
              amount: values.amount.trim(),
              reason: values.reason,
            },
          });
          notify.done(T.funded);
        }}
      >
        {funding ? (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={T.account}>{T.accounts[funding.account] ?? funding.account}</Descriptions.Item>
            <Descriptions.Item label={C.currency}>{funding.currencyName}</Descriptions.Item>
            <Descriptions.Item label={C.book}>{funding.book}</Descriptions.Item>
            <Descriptions.Item label={T.balance}>
              <Money value={funding.balance} currency={funding.currencyName} />
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        <Form.Item name="amount" label={C.amount} rules={[{ required: true }, DECIMAL_RULE]}>
          <Input inputMode="decimal" suffix={funding?.currencyName} />
        </Form.Item>
      </EditDrawer>
    </Screen>
  );
}
