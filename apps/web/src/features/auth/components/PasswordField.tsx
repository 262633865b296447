import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';

/** A password input with show/hide. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
  autoComplete,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  testId: string;
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      testId={testId}
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
      autoCapitalize="off"
      spellCheck={false}
      maxLength={128}
      placeholder={placeholder}
      dir="ltr"
      trailing={
        <button
          type="button"
          className="field__icon-button"
          onClick={() => setShown((value) => !value)}
          aria-label={t(shown ? 'auth.hide_password' : 'auth.show_password')}
          aria-pressed={shown}
          data-testid={`${testId}-toggle`}
        >
          {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    />
  );
}
