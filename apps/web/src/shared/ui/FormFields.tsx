import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeDecimalInput } from './decimal-input';
import './field.css';

/*
 * Form fields: the frame every field shares (label row, control, the error or hint under it), the
 * error under a field, and the two controls every money form needs, a password and an amount. One
 * module so that a screen loads them as one file.
 */

/**
 * The error under the field it concerns (a check as the customer types, or a refusal the server gave
 * for that field); nothing when there is none. An alert, so a screen reader says it when it appears.
 */
export function FieldError({ message, testId }: { message: ReactNode; testId?: string }) {
  if (!message) return null;
  return (
    <p className="k-field-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

export interface FieldFrameProps {
  /** The control's id: the label points at it, and `${id}-message` names the error and hint. */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Next to the label: a mode switch. */
  labelSlot?: ReactNode;
  /** At the end of the label row: what is available. */
  extra?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  errorTestId?: string;
  /** Keep the hint under the error (a checklist the customer works through); otherwise the error replaces it. */
  keepHint?: boolean;
  /** The label is not a <label>: a group of buttons is labelled by it, as `${id}-label`. */
  labelIsText?: boolean;
  children: ReactNode;
}

/**
 * A field's frame: the label row, the control, then the error or the hint under it. The control points
 * at them with `aria-describedby={describedBy(id, error, hint)}`.
 */
export function FieldFrame({
  id,
  label,
  required,
  labelSlot,
  extra,
  hint,
  error,
  errorTestId,
  keepHint = false,
  labelIsText = false,
  children,
}: FieldFrameProps) {
  const hintShown = hint && (!error || keepHint);
  const labelContent = (
    <>
      {label}
      {required ? (
        <span className="k-field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </>
  );
  return (
    <div className={`k-field${error ? ' k-field--error' : ''}`}>
      <div className="k-field__head">
        {labelIsText ? (
          <span className="k-field__label" id={`${id}-label`}>
            {labelContent}
          </span>
        ) : (
          <label className="k-field__label" htmlFor={id}>
            {labelContent}
          </label>
        )}
        {labelSlot}
        {extra ? <span className="k-field__extra">{extra}</span> : null}
      </div>
      {children}
      {error || hintShown ? (
        <div id={messageIdOf(id)}>
          <FieldError message={error} testId={errorTestId} />
          {hintShown ? (
            <p className="k-field__hint" dir="auto">
              {hint}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const messageIdOf = (id: string): string => `${id}-message`;

/** The control's aria-describedby: its error or hint, when one is shown. */
export function describedBy(id: string, error: ReactNode, hint: ReactNode): string | undefined {
  return error || hint ? messageIdOf(id) : undefined;
}

/** A password input with a show/hide eye (login, register, the login and withdrawal password forms). */
export function PasswordField({
  label,
  value,
  onChange,
  testId,
  error,
  hint,
  keepHint,
  placeholder,
  autoComplete = 'current-password',
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  error?: ReactNode;
  hint?: ReactNode;
  /** Keep the hint (the password rules) under an error. */
  keepHint?: boolean;
  placeholder?: string;
  /** `off` where the password is not the login's (the withdrawal password). */
  autoComplete?: 'current-password' | 'new-password' | 'off';
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} keepHint={keepHint}>
      <div className="k-field__box">
        <input
          id={id}
          className="k-field__input"
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={128}
          placeholder={placeholder}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          data-testid={testId}
        />
        <button
          type="button"
          className="k-icon-button k-field__icon-button"
          onClick={() => setShown((current) => !current)}
          aria-label={t(shown ? 'auth.hide_password' : 'auth.show_password')}
          aria-pressed={shown}
          data-testid={`${testId}-toggle`}
        >
          {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      </div>
    </FieldFrame>
  );
}

/**
 * An amount: a decimal keyboard, left-to-right digits, the currency after them and optionally a "max"
 * button (the wallet's "All"); under the box an optional row (percentage shortcuts), then the error or
 * the hint. Typing keeps digits and one point unless `filterTyping` is off (a form that explains a
 * malformed number instead).
 */
export function AmountField({
  label,
  value,
  onChange,
  testId,
  unit,
  max,
  trailing,
  labelSlot,
  extra,
  below,
  hint,
  error,
  errorTestId = `${testId}-error`,
  placeholder = '0.00',
  filterTyping = true,
  maxLength,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  /** The currency or coin, after the digits. */
  unit?: string;
  /** Fills the most the customer can use. */
  max?: { label: string; onClick: () => void };
  /** Another control at the end of the box (a clear button). */
  trailing?: ReactNode;
  labelSlot?: ReactNode;
  extra?: ReactNode;
  below?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  errorTestId?: string;
  placeholder?: string;
  filterTyping?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      labelSlot={labelSlot}
      extra={extra}
      hint={hint}
      error={error}
      errorTestId={errorTestId}
    >
      <div className="k-field__box">
        <input
          id={id}
          className="k-field__input k-field__input--amount numeric"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          maxLength={maxLength}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(filterTyping ? sanitizeDecimalInput(event.target.value) : event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          data-testid={testId}
        />
        {unit ? <span className="k-field__unit">{unit}</span> : null}
        {max ? (
          <button type="button" className="k-field__max" onClick={max.onClick}>
            {max.label}
          </button>
        ) : null}
        {trailing}
      </div>
      {below}
    </FieldFrame>
  );
}
