import type { ColumnType } from 'antd/es/table';
import { PRODUCT_STRINGS, STRINGS } from '../strings';
import { MoneyRange } from './Money';
import { SwitchField } from './fields';

const L = PRODUCT_STRINGS.loans;

/** The on/off settings every loan and staking product has, as the edit form holds them. */
export interface ProductFlags {
  paused: boolean;
  demoAllowed: boolean;
  visible: boolean;
}

/** A product row's settings for its edit form; how a product records "paused" differs by kind. */
export function productFlags(row: { demoAllowed: number; visible: boolean }, paused: boolean): ProductFlags {
  return { paused, demoAllowed: row.demoAllowed === 1, visible: row.visible };
}

/** The settings as the save call takes them: 1 or 0. */
export function productFlagValues(values: ProductFlags) {
  return {
    paused: values.paused ? 1 : 0,
    demoAllowed: values.demoAllowed ? 1 : 0,
    visible: values.visible ? 1 : 0,
  } as const;
}

/** The paused, demo-allowed and visible switches of a product's edit form, two to a row. */
export function ProductFlagFields() {
  return (
    <>
      <SwitchField name="paused" label={L.paused} span={12} />
      <SwitchField name="demoAllowed" label={L.demoAllowed} span={12} />
      <SwitchField name="visible" label={STRINGS.common.visible} span={12} />
    </>
  );
}

/** The smallest and largest amount a product or channel takes. */
export function boundsColumn<Row extends { minAmount: string; maxAmount: string; currencyName: string }>(
  nowrap = true,
): ColumnType<Row> {
  return {
    title: L.bounds,
    render: (_, row) => (
      <MoneyRange min={row.minAmount} max={row.maxAmount} currency={row.currencyName} nowrap={nowrap} />
    ),
  };
}

/** A product's term in days. */
export function termColumn<Row extends { termDays: number }>(): ColumnType<Row> {
  return { title: L.term, render: (_, row) => <span className="nowrap">{`${row.termDays} ${L.days}`}</span> };
}
