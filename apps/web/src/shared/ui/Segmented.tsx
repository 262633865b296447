import type { ReactNode } from 'react';

/**
 * Two to four mutually exclusive toggle buttons in the house segmented look (parts.css .k-segmented);
 * the chosen one is pressed, and `tone` colours it (long/short, up/down). The group is named by
 * `label`, or by the element `labelledBy` names. The group is `testId`, each option
 * `${testId}-${value}`; `className` and `optionClassName` add the screen's own classes.
 */
export function Segmented<Value extends string>({
  options,
  value,
  onChange,
  label,
  labelledBy,
  testId,
  className,
  optionClassName,
}: {
  options: readonly { value: Value; label: ReactNode; tone?: 'rise' | 'fall' }[];
  value: Value;
  onChange: (value: Value) => void;
  label?: string;
  labelledBy?: string;
  testId: string;
  className?: string;
  optionClassName?: string;
}) {
  return (
    <div
      className={`k-segmented${className ? ` ${className}` : ''}`}
      role="group"
      aria-label={label}
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={[
            'k-segmented__option',
            option.tone ? `k-segmented__option--${option.tone}` : null,
            optionClassName ?? null,
          ]
            .filter(Boolean)
            .join(' ')}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
