import './invest.css';

/** How much of the bar `value` of `max` fills, between 0 and 1 (none when there is no `max`). */
export function meterShare(value: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(Math.max(value / max, 0), 1);
}

/**
 * A bar filled to `value` of `max` (a term's days, a task's friends, an offer's lots, a quota): in amber
 * when `warning`. With a `label` it is a meter assistive technology reads; without one it only draws
 * what the text beside it says, and is hidden from them. The screen places it (invest.css .iv-meter).
 */
export function Meter({
  value,
  max,
  label,
  warning = false,
}: {
  value: number;
  max: number;
  label?: string;
  warning?: boolean;
}) {
  const share = meterShare(value, max);
  const reading =
    label === undefined
      ? { 'aria-hidden': true }
      : { role: 'meter', 'aria-valuemin': 0, 'aria-valuemax': max, 'aria-valuenow': value, 'aria-label': label };
  return (
    <div className="iv-meter" {...reading}>
      <span
        className={`iv-meter__fill${warning ? ' iv-meter__fill--warning' : ''}`}
        style={{ inlineSize: `${share * 100}%` }}
      />
    </div>
  );
}
