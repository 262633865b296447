import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldFrame } from '../ui/FormFields';
import './contact.css';

/**
 * A labelled input of the login, registration and self-service forms with an optional leading slot
 * (the area code) and trailing slot (send code); a plain input (not antd's), so `data-testid` lands on
 * the element tests type into. The hint (a rule, the operator's tip) stays under an error.
 */
export function Field({
  label,
  error,
  hint,
  leading,
  trailing,
  testId,
  ...input
}: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  leading?: ReactNode;
  trailing?: ReactNode;
  testId?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      errorTestId={testId ? `${testId}-error` : undefined}
      keepHint
    >
      <div className="k-field__box">
        {leading}
        <input
          id={id}
          className="k-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          data-testid={testId}
          {...input}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}
