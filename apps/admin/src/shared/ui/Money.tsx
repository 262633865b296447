import { formatMoney } from '../format/format';

/** Money as the server sent it, grouped by string, in tabular figures. */
export function Money(props: { value: string | null | undefined; currency?: string; strong?: boolean }) {
  const text = formatMoney(props.value, props.currency);
  return <span className={props.strong ? 'money money-strong' : 'money'}>{text}</span>;
}
