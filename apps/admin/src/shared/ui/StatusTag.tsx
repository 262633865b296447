import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { STRINGS } from '../strings';
import { Note } from './Note';

export interface StatusStyle {
  label: string;
  color: string;
}

/** A status number shown as a coloured label from the screen's table of statuses. */
export function StatusTag(props: { status: number; styles: Record<number, StatusStyle> }) {
  const style = props.styles[props.status] ?? { label: `Status ${props.status}`, color: 'default' };
  return <Tag color={style.color}>{style.label}</Tag>;
}

/** A status label with the reason the reviewer gave under it, if any. */
export function StatusWithReason(props: {
  status: number;
  styles: Record<number, StatusStyle>;
  reason?: string | null;
}) {
  return (
    <Space direction="vertical" size={0}>
      <StatusTag status={props.status} styles={props.styles} />
      {props.reason ? <Note>{props.reason}</Note> : null}
    </Space>
  );
}

/** Whether customers see a record; `color` is the tag's when visible. */
export function VisibleTag(props: { visible: boolean | number; color?: string }) {
  return props.visible ? (
    <Tag color={props.color ?? 'success'}>{STRINGS.common.visible}</Tag>
  ) : (
    <Tag>{STRINGS.common.hidden}</Tag>
  );
}

/** A table's status column of whether customers see each row (`dataIndex` holds 1 or 0). */
export function visibleColumn<Row>(dataIndex: keyof Row & string): ColumnType<Row> {
  return {
    title: STRINGS.common.status,
    dataIndex,
    width: 100,
    render: (value: number) => <VisibleTag visible={value} />,
  };
}
