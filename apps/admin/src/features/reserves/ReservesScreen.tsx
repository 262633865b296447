import { treasury, type AnswerOf } from '@kestrel/contract';
import { Button, Descriptions, Form, Input, Table, Tag } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { DECIMAL_RULE, EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { RefreshButton } from '../../shared/ui/buttons';
import { useRowEditor } from '../../shared/ui/use-editor';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.reserves;
const C = STRINGS.common;
type Account = AnswerOf<typeof treasury.operatorFundedAccounts>[number];

export default function ReservesScreen() {
  const list = useEndpoint(treasury.operatorFundedAccounts);
  const fund = useAction(treasury.operatorFundAccount, [treasury.operatorFundedAccounts]);
  const may = useMayCall();
  // The amount starts empty for every account.
  const editor = useRowEditor<Account, { amount: string }>(() => ({}));
  const funding = editor.row;
  return (
    <Screen subtitle={T.subtitle} extra={<RefreshButton onClick={() => list.refetch()} />}>
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
                  <Button size="small" type="primary" ghost onClick={() => editor.edit(row)}>
                    {T.fund}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Section>
      <EditDrawer<{ amount: string }>
        {...editor.drawer}
        title={T.fundTitle}
        done={T.funded}
        onSubmit={editor.submit((account, values) =>
          fund.mutateAsync({
            body: {
              account: account.account,
              currencyId: account.currencyId,
              book: account.book === 'demo' ? 'demo' : 'real',
              amount: values.amount.trim(),
              reason: values.reason,
            },
          }),
        )}
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
