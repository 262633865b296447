import { Select } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list's filter by one value (a language, a layout, a category), `width` pixels wide: cleared, it
 * shows `placeholder` and the list shows every value.
 */
export function FilterSelect<Value extends string | number>(props: {
  placeholder: string;
  width: number;
  options: { value: Value; label: ReactNode }[];
  value?: Value;
  onChange: (value?: Value) => void;
}) {
  return (
    <Select<Value>
      allowClear
      placeholder={props.placeholder}
      style={{ width: props.width }}
      value={props.value}
      onChange={(value) => props.onChange(value)}
      options={props.options}
    />
  );
}
