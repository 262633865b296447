import { CONSTANTS } from '@kestrel/contract/web';
import { DownOutline } from 'antd-mobile-icons';
import { useId, type ReactNode } from 'react';
import { describedBy, FieldFrame } from '../../../shared/ui/FormFields';

/** A one-line input's limit when its screen names none (a screen passes its field's server limit). */
const INPUT_MAX_LENGTH = 200;

/**
 * A text input, or a two-line text area, in the money screens' outlined style. Without `maxLength` a
 * text area takes the spec's textarea default (SPEC §5: 140), an input INPUT_MAX_LENGTH.
 */
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
  maxLength,
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
  // What the text area and the input both carry: the value, its limits and how it reads to assistive tech.
  const common = {
    id,
    value,
    placeholder,
    maxLength: maxLength ?? (multiline ? CONSTANTS.textareaMaxLength : INPUT_MAX_LENGTH),
    dir,
    'data-testid': testId,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {multiline ? (
        <textarea
          {...common}
          className="m-input m-input--multiline"
          onChange={(event) => onChange(event.target.value)}
          rows={2}
          spellCheck={false}
          autoCapitalize="off"
        />
      ) : (
        <input
          {...common}
          className="m-input"
          onChange={(event) => onChange(event.target.value)}
          inputMode={inputMode}
          autoComplete={autoComplete}
        />
      )}
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
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
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
          aria-describedby={describedBy(id, error, hint)}
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
