import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCodePicker } from './AreaCodePicker';
import { Field } from './Field';
import type { ContactKind } from './validation';

export interface ContactFieldProps {
  kind: ContactKind;
  /** "Email" or "Phone" unless given. */
  label?: string;
  value: string;
  /** What the customer typed, as typed. */
  onChange: (value: string) => void;
  areaCode: string;
  onAreaCodeChange: (areaCode: string) => void;
  error: string | null;
  hint?: ReactNode;
  testId: string;
  /** The area code picker's test id, `${testId}-area-code` unless given. */
  areaCodeTestId?: string;
}

/**
 * An email, or a phone number behind its area code picker, typed left to right in every language
 * (login, register, the password reset, binding a contact). The input's type, keyboard, autofill and
 * length follow the kind, so every form types alike.
 */
export function ContactField({
  kind,
  label,
  value,
  onChange,
  areaCode,
  onAreaCodeChange,
  error,
  hint,
  testId,
  areaCodeTestId = `${testId}-area-code`,
}: ContactFieldProps) {
  const { t } = useTranslation();
  const email = kind === 'email';
  return (
    <Field
      label={label ?? (email ? t('auth.email') : t('auth.phone'))}
      testId={testId}
      type={email ? 'email' : 'tel'}
      inputMode={email ? 'email' : 'numeric'}
      autoComplete={email ? 'email' : 'tel-national'}
      autoCapitalize="off"
      spellCheck={false}
      maxLength={email ? 254 : 15}
      placeholder={email ? t('auth.email_placeholder') : t('auth.phone_placeholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      dir="ltr"
      leading={
        email ? undefined : <AreaCodePicker value={areaCode} onChange={onAreaCodeChange} testId={areaCodeTestId} />
      }
    />
  );
}
