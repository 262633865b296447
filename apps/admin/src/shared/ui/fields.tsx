import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { STRINGS } from '../strings';
import { DECIMAL_RULE } from './EditDrawer';

/** A field in a form's grid: alone, or in a column `span` of 24 wide. */
function placed(span: number | undefined, field: ReactNode, key?: string) {
  return span === undefined ? (
    field
  ) : (
    <Col span={span} key={key}>
      {field}
    </Col>
  );
}

/** An on/off setting of a record (the form holds a boolean; the call usually sends 1 or 0). */
export function SwitchField(props: { name: string; label: string; span?: number }) {
  return placed(
    props.span,
    <Form.Item name={props.name} label={props.label} valuePropName="checked">
      <Switch />
    </Form.Item>,
  );
}

/** A whole number: a count, a number of days, a place in a list. */
export function WholeNumberField(props: {
  name: string;
  label: string;
  span?: number;
  min?: number;
  max?: number;
  required?: boolean;
}) {
  return placed(
    props.span,
    <Form.Item name={props.name} label={props.label} rules={props.required ? [{ required: true }] : undefined}>
      <InputNumber min={props.min ?? 0} max={props.max} precision={0} style={{ width: '100%' }} />
    </Form.Item>,
  );
}

/** Required decimal text fields (money, rates), two to a row: they stay strings end to end. */
export function DecimalFields(props: { fields: readonly (readonly [name: string, label: string])[]; span?: number }) {
  return (
    <>
      {props.fields.map(([name, label]) =>
        placed(
          props.span ?? 12,
          <Form.Item name={name} label={label} rules={[{ required: true }, DECIMAL_RULE]}>
            <Input />
          </Form.Item>,
          name,
        ),
      )}
    </>
  );
}

/** A record's place in its list and whether customers see it, side by side. */
export function SortAndVisibleFields(props: { visibleName: string }) {
  const C = STRINGS.common;
  return (
    <Row gutter={12}>
      <WholeNumberField name="sort" label={C.sort} span={12} />
      <SwitchField name={props.visibleName} label={C.visible} span={12} />
    </Row>
  );
}

/** A product's name and its description for customers. */
export function NameAndDescriptionFields() {
  const C = STRINGS.common;
  return (
    <>
      <Form.Item name="name" label={C.name} rules={[{ required: true }]}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="description" label={C.description}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
    </>
  );
}

/**
 * The currency a product is in; `options` from the screen's `useCurrencies()`, read as the screen
 * opens so that an edited product's currency has its name when the form opens.
 */
export function CurrencyField(props: { options: { value: number; label: string }[]; span?: number }) {
  return placed(
    props.span,
    <Form.Item name="currencyId" label={STRINGS.common.currency} rules={[{ required: true }]}>
      <Select options={props.options} />
    </Form.Item>,
  );
}
