import { useId, type ReactNode } from 'react';
import { FieldFrame } from '../../../shared/ui/FormFields';

/**
 * The stake as a choice of preset amounts, for when the operator does not let it be typed (otherValue
 * app_fastFree 0): one chip per amount (lib/fast-trade.ts presetStakes), the chosen one pressed.
 */
export function PresetStakes({
  label,
  amounts,
  value,
  onPick,
  unit,
  extra,
  hint,
  error,
  testId,
}: {
  label: string;
  amounts: readonly string[];
  value: string;
  onPick: (amount: string) => void;
  unit: string;
  extra?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      labelIsText
      extra={extra}
      hint={hint}
      error={error}
      errorTestId={`${testId}-error`}
    >
      <div className="tf-chips tf-chips--options" role="radiogroup" aria-labelledby={`${id}-label`}>
        {amounts.map((amount) => (
          <button
            key={amount}
            type="button"
            role="radio"
            aria-checked={amount === value}
            className="k-pill tf-chip numeric"
            dir="ltr"
            onClick={() => onPick(amount)}
            data-testid={`${testId}-preset-${amount}`}
          >
            {amount} {unit}
          </button>
        ))}
      </div>
    </FieldFrame>
  );
}
