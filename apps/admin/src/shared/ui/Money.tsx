import { formatMoney } from '../format/format';

/** Money as the server sent it, grouped by string, in tabular figures. */
export function Money(props: { value: string | null | undefined; currency?: string; strong?: boolean }) {
  const text = formatMoney(props.value, props.currency);
  return <span className={props.strong ? 'money money-strong' : 'money'}>{text}</span>;
}

/** A lower and an upper amount, "10 – 5,000 USDT", on one line where `nowrap`. */
export function MoneyRange(props: { min: string; max: string; currency?: string; nowrap?: boolean }) {
  return (
    <span className={props.nowrap ? 'nowrap' : undefined}>
      <Money value={props.min} /> – <Money value={props.max} currency={props.currency} />
    </span>
  );
}
