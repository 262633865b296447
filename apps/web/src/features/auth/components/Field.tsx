import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A labelled input with an optional leading and trailing slot and its error below. A plain input
 * (not antd's), so `data-testid` lands on the element tests type into.
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
  const messageId = `${id}-message`;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        {leading}
        <input
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          data-testid={testId}
          {...input}
        />
        {trailing}
      </div>
      {error || hint ? (
        <div id={messageId}>
          {error ? (
            <p className="field__message field__message--error" role="alert">
              {error}
            </p>
          ) : null}
          {hint ? (
            <p className="field__message" dir="auto">
              {hint}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
