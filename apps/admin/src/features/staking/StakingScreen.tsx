import { staking, type AnswerOf } from '@kestrel/contract';
import { Row, Space, Tag } from 'antd';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useCurrencies } from '../../shared/api/reference';
import { useMayCall } from '../../shared/api/use-session';
import { formatRatePercent } from '../../shared/format/format';
import { EditDrawer } from '../../shared/ui/EditDrawer';
import { Money } from '../../shared/ui/Money';
import { Note } from '../../shared/ui/Note';
import { ListScreen } from '../../shared/ui/ListScreen';
import { VisibleTag } from '../../shared/ui/StatusTag';
import { CreateButton } from '../../shared/ui/buttons';
import { editColumn } from '../../shared/ui/columns';
import { CurrencyField, DecimalFields, NameAndDescriptionFields, WholeNumberField } from '../../shared/ui/fields';
import { usePaging } from '../../shared/ui/paging';
import {
  ProductFlagFields,
  boundsColumn,
  productFlagValues,
  productFlags,
  termColumn,
  type ProductFlags,
} from '../../shared/ui/product-settings';
import { useEditor } from '../../shared/ui/use-editor';
import { PRODUCT_STRINGS, STRINGS } from '../../shared/strings';

const T = PRODUCT_STRINGS.staking;
const L = PRODUCT_STRINGS.loans;
const C = STRINGS.common;
type Product = AnswerOf<typeof staking.operatorStakingProducts>;
interface Values extends ProductFlags {
  name: string;
  description: string;
  currencyId: number;
  termDays: number;
  dailyRate: string;
  minAmount: string;
  maxAmount: string;
  perCustomerMax: string;
  penaltyRate: string;
  quota: string;
}

export default function StakingScreen() {
  const paging = usePaging();
  const list = useEndpoint(staking.operatorStakingProducts, paging.page);
  const save = useAction(staking.operatorStakingProductSave, [
    staking.operatorStakingProducts,
    staking.stakingProductList,
  ]);
  const currencies = useCurrencies();
  const may = useMayCall();
  const editor = useEditor<Values>();
  const mayEdit = may(staking.operatorStakingProductSave);
  return (
    <ListScreen<Product>
      subtitle={T.subtitle}
      extra={
        mayEdit ? (
          <CreateButton
            onClick={() => editor.create({ termDays: 30, paused: false, demoAllowed: true, visible: true })}
          >
            {T.newProduct}
          </CreateButton>
        ) : null
      }
      read={list}
      paging={paging}
      scroll={{ x: 1000 }}
      className="table-nowrap-head"
      columns={[
        { title: C.name, dataIndex: 'name', width: 170 },
        termColumn<Product>(),
        { title: L.dailyRate, render: (_, row) => formatRatePercent(row.dailyRate) },
        { title: T.annual, render: (_, row) => formatRatePercent(row.annualRate) },
        boundsColumn<Product>(),
        {
          title: T.quotaLeft,
          align: 'right',
          render: (_, row) => (
            <Space direction="vertical" size={0} align="end">
              <Money value={row.quotaRemaining} strong />
              <Note>
                {T.of} <Money value={row.quota} />
              </Note>
            </Space>
          ),
        },
        {
          title: C.status,
          render: (_, row) => (
            <Space direction="vertical" size={4}>
              <VisibleTag visible={row.visible} color="blue" />
              {row.acceptingOrders ? (
                <Tag color="success">{T.accepting}</Tag>
              ) : (
                <Tag color="warning">{T.closedReasons[row.closedReason ?? ''] ?? T.closed}</Tag>
              )}
            </Space>
          ),
        },
        editColumn(
          mayEdit
            ? (row) => editor.edit(row.id, { ...row, ...productFlags(row, row.closedReason === 'paused') })
            : undefined,
        ),
      ]}
    >
      <EditDrawer<Values>
        {...editor.drawer}
        title={editor.title(T.newProduct, T.editProduct)}
        done={T.saved}
        onSubmit={(values) => save.mutateAsync({ body: { ...values, id: editor.id, ...productFlagValues(values) } })}
      >
        <NameAndDescriptionFields />
        <Row gutter={12}>
          <CurrencyField options={currencies.options} span={12} />
          <WholeNumberField name="termDays" label={`${L.term} (${L.days})`} span={12} min={1} max={3650} required />
          <DecimalFields
            fields={[
              ['dailyRate', L.dailyRate],
              ['penaltyRate', T.penalty],
              ['minAmount', L.minAmount],
              ['maxAmount', L.maxAmount],
              ['perCustomerMax', T.perCustomerMax],
              ['quota', T.quota],
            ]}
          />
          <ProductFlagFields />
        </Row>
      </EditDrawer>
    </ListScreen>
  );
}
