import type { ReactNode } from 'react';
import { ChipChoice } from './FormParts';

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
  return (
    <ChipChoice
      label={label}
      options={amounts}
      value={value}
      onChange={onPick}
      optionText={(amount) => `${amount} ${unit}`}
      extra={extra}
      hint={hint}
      error={error}
      className="tf-chips tf-chips--options"
      optionTestId={(amount) => `${testId}-preset-${amount}`}
      errorTestId={`${testId}-error`}
    />
  );
}
