import { Tag } from 'antd';

export interface StatusStyle {
  label: string;
  color: string;
}

/** A status number shown as a coloured label from the screen's table of statuses. */
export function StatusTag(props: { status: number; styles: Record<number, StatusStyle> }) {
  const style = props.styles[props.status] ?? { label: `Status ${props.status}`, color: 'default' };
  return <Tag color={style.color}>{style.label}</Tag>;
}
