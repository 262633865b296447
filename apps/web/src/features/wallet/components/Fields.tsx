import { DownOutline, EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeAmountInput } from '../lib/money';

interface FieldFrameProps {
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  htmlFor: string;
  children: ReactNode;
  extra?: ReactNode;
}

/** Label (with a required mark), the control, then the error or the hint under it. */
export function FieldFrame({ label, required, hint, error, htmlFor, children, extra }: FieldFrameProps) {
  return (
    <div className={`m-field${error ? ' m-field--error' : ''}`}>
      <div className="m-field__head">
        <label className="m-field__label" htmlFor={htmlFor}>
          {label}
          {required ? (
            <span className="m-field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {extra ? <span className="m-field__extra">{extra}</span> : null}
      </div>
      {children}
      {error ? (
        <p className="m-field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="m-field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  required,
  hint,
  error,
  testId,
  placeholder,
  inputMode,
  autoComplete = 'off',
  dir,
  maxLength = 200,
  multiline = false,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  testId?: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  autoComplete?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  maxLength?: number;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error} htmlFor={id}>
      {multiline ? (
        <textarea
          id={id}
          className="m-input m-input--multiline"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          data-testid={testId}
          rows={2}
          maxLength={maxLength}
          dir={dir}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
        />
      ) : (
        <input
          id={id}
          className="m-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          data-testid={testId}
          inputMode={inputMode}
          autoComplete={autoComplete}
          maxLength={maxLength}
          dir={dir}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
        />
      )}
    </FieldFrame>
  );
}

/** A password input with a show/hide eye. */
export function PasswordField({
  label,
  value,
  onChange,
  testId,
  hint,
  error,
  placeholder,
  autoComplete = 'current-password',
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  hint?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error} htmlFor={id}>
      <div className="m-input-group">
        <input
          id={id}
          className="m-input m-input--bare"
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={128}
          dir="ltr"
          aria-invalid={error ? true : undefined}
        />
        <button
          type="button"
          className="m-input-group__icon"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? t('wallet.hide_password') : t('wallet.show_password')}
          aria-pressed={shown}
        >
          {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      </div>
    </FieldFrame>
  );
}

/** An amount: decimal keyboard, the currency after the digits, an optional "All" shortcut. */
export function AmountField({
  label,
  value,
  onChange,
  currency,
  testId,
  hint,
  error,
  onAll,
  extra,
  placeholder,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  currency: string;
  testId?: string;
  hint?: ReactNode;
  error?: ReactNode;
  onAll?: () => void;
  extra?: ReactNode;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FieldFrame label={label} hint={hint} error={error} htmlFor={id} extra={extra}>
      <div className="m-input-group m-input-group--amount">
        <input
          id={id}
          className="m-input m-input--bare m-input--amount numeric"
          value={value}
          onChange={(event) => onChange(sanitizeAmountInput(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder ?? '0.00'}
          data-testid={testId}
          dir="ltr"
          aria-invalid={error ? true : undefined}
        />
        <span className="m-input-group__suffix">{currency}</span>
        {onAll ? (
          <button type="button" className="m-input-group__all" onClick={onAll}>
            {t('wallet.all')}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * A native select dressed as the app's picker: the phone's own wheel or list opens, which is quick,
 * accessible and works the same in every language and direction.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  testId,
  leading,
  placeholder,
  hint,
  error,
  required,
}: {
  label: ReactNode;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  testId?: string;
  leading?: ReactNode;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
}) {
  const id = useId();
  const current = options.find((option) => option.value === value);
  return (
    <FieldFrame label={label} hint={hint} error={error} htmlFor={id} required={required}>
      <div className="m-select">
        {leading ? <span className="m-select__leading">{leading}</span> : null}
        <span className={`m-select__value${current ? '' : ' m-select__value--placeholder'}`}>
          {current?.label ?? placeholder ?? ''}
        </span>
        <DownOutline className="m-select__chevron" aria-hidden="true" />
        <select
          id={id}
          className="m-select__native"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
          aria-required={required || undefined}
        >
          {current ? null : (
            <option value="" disabled>
              {placeholder ?? ''}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
