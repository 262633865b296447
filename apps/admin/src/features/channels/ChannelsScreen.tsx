import { operatorSettings, type AnswerOf } from '@kestrel/contract';
import { Col, Form, Input, Row, Select, Tag, Typography } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { formatRatePercent } from '../../shared/format/format';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { QueryTable } from '../../shared/ui/QueryTable';
import { tabbedScreen } from '../../shared/ui/Screen';
import { VisibleTag, visibleColumn } from '../../shared/ui/StatusTag';
import { editColumn } from '../../shared/ui/columns';
import { DecimalFields, SortAndVisibleFields, SwitchField, WholeNumberField } from '../../shared/ui/fields';
import { boundsColumn } from '../../shared/ui/product-settings';
import { useRowEditor } from '../../shared/ui/use-editor';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.channels;
const L = PRODUCT_STRINGS.loans;
const C = STRINGS.common;
type Deposit = AnswerOf<typeof operatorSettings.operatorRechargeChannels>;
type Withdraw = AnswerOf<typeof operatorSettings.operatorWithdrawChannels>;
type DepositValues = Omit<
  Deposit,
  'id' | 'isVisible' | 'channelName' | 'channelType' | 'currencyId' | 'currencyName' | 'demoOnly'
> & { isVisible: boolean };
type WithdrawValues = Omit<
  Withdraw,
  'id' | 'isVisible' | 'channelName' | 'channelType' | 'currencyId' | 'currencyName'
> & { isVisible: boolean };

function DepositChannels() {
  const list = useEndpoint(operatorSettings.operatorRechargeChannels);
  const save = useAction(operatorSettings.operatorRechargeChannelSave, [operatorSettings.operatorRechargeChannels]);
  const editor = useRowEditor<Deposit, DepositValues>((row) => ({ ...row, isVisible: row.isVisible === 1 }));
  return (
    <>
      <QueryTable<Deposit>
        read={list}
        size="middle"
        pagination={false}
        scroll={{ x: 1000 }}
        columns={[
          {
            title: C.name,
            dataIndex: 'channelName',
            render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
          },
          { title: T.type, dataIndex: 'channelType', width: 110, render: (value: number) => T.types[value] ?? value },
          { title: T.network, dataIndex: 'network', width: 90, render: (value: string) => value || '—' },
          {
            title: T.payee,
            dataIndex: 'payeeAddress',
            ellipsis: true,
            render: (value: string) => <span className="mono">{value || '—'}</span>,
          },
          boundsColumn<Deposit>(false),
          {
            title: C.status,
            width: 150,
            render: (_, row) => (
              <>
                <VisibleTag visible={row.isVisible} />
                {row.demoOnly ? <Tag>{T.demoOnly}</Tag> : null}
              </>
            ),
          },
          editColumn(editor.edit),
        ]}
      />
      <EditDrawer<DepositValues>
        {...editor.drawer}
        title={`${T.edit}: ${editor.row?.channelName ?? ''}`}
        done={T.saved}
        onSubmit={editor.submit((row, values) =>
          save.mutateAsync({
            body: {
              ...values,
              id: row.id,
              isVisible: values.isVisible ? 1 : 0,
              network: values.network as (typeof operatorSettings.PAYEE_NETWORKS)[number],
            },
          }),
        )}
      >
        <Form.Item name="network" label={T.network}>
          <Select
            options={operatorSettings.PAYEE_NETWORKS.map((value) => ({ value, label: value || '— (bank / demo)' }))}
          />
        </Form.Item>
        <Form.Item name="payeeAddress" label={T.payee}>
          <Input.TextArea rows={2} maxLength={500} className="mono" />
        </Form.Item>
        <Row gutter={12}>
          <DecimalFields
            fields={[
              ['minAmount', L.minAmount],
              ['maxAmount', L.maxAmount],
            ]}
          />
        </Row>
        <Form.Item name="instructions" label={T.instructions}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <SortAndVisibleFields visibleName="isVisible" />
      </EditDrawer>
    </>
  );
}

function WithdrawChannels() {
  const list = useEndpoint(operatorSettings.operatorWithdrawChannels);
  const save = useAction(operatorSettings.operatorWithdrawChannelSave, [operatorSettings.operatorWithdrawChannels]);
  const editor = useRowEditor<Withdraw, WithdrawValues>((row) => ({ ...row, isVisible: row.isVisible === 1 }));
  return (
    <>
      <QueryTable<Withdraw>
        read={list}
        size="middle"
        pagination={false}
        columns={[
          {
            title: C.name,
            dataIndex: 'channelName',
            render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
          },
          boundsColumn<Withdraw>(false),
          { title: T.feeRate, dataIndex: 'feeRate', render: formatRatePercent },
          { title: T.feeFixed, render: (_, row) => <Money value={row.feeFixed} currency={row.currencyName} /> },
          { title: T.dailyCount, dataIndex: 'dailyCount', width: 80 },
          { title: T.openHours, dataIndex: 'openHours', width: 130 },
          visibleColumn<Withdraw>('isVisible'),
          editColumn(editor.edit),
        ]}
      />
      <EditDrawer<WithdrawValues>
        {...editor.drawer}
        title={`${T.edit}: ${editor.row?.channelName ?? ''}`}
        done={T.saved}
        onSubmit={editor.submit((row, values) =>
          save.mutateAsync({ body: { ...values, id: row.id, isVisible: values.isVisible ? 1 : 0 } }),
        )}
      >
        <Row gutter={12}>
          <DecimalFields
            fields={[
              ['minAmount', L.minAmount],
              ['maxAmount', L.maxAmount],
              ['feeRate', T.feeRate],
              ['feeFixed', T.feeFixed],
            ]}
          />
          <WholeNumberField name="dailyCount" label={T.dailyCount} span={12} min={1} max={1000} />
          <Col span={12}>
            <Form.Item name="openHours" label={T.openHours} rules={[{ required: true }]}>
              <Input placeholder="00:00-24:00" />
            </Form.Item>
          </Col>
          <WholeNumberField name="sort" label={C.sort} span={12} />
          <SwitchField name="isVisible" label={C.visible} span={12} />
        </Row>
      </EditDrawer>
    </>
  );
}

export default tabbedScreen(T.subtitle, [
  { key: 'deposit', label: T.deposit, children: <DepositChannels /> },
  {
    key: 'withdraw',
    label: T.withdraw,
    children: <WithdrawChannels />,
    gate: operatorSettings.operatorWithdrawChannels,
  },
]);
