import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactKind } from '../../../shared/contact/validation';
import { AreaCodePicker } from '../../../shared/contact/AreaCodePicker';
import { Field } from '../../../shared/contact/Field';

/**
 * The account input of the login and register forms: an email, or a phone number behind its area
 * code picker. The input's type, keyboard, autofill and length follow the kind, so both forms type alike.
 */
export function AccountField({
  kind,
  value,
  onChange,
  areaCode,
  onAreaCodeChange,
  error,
  hint,
  testIdPrefix,
}: {
  kind: ContactKind;
  value: string;
  onChange: (value: string) => void;
  areaCode: string;
  onAreaCodeChange: (areaCode: string) => void;
  error: string | null;
  hint?: ReactNode;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const email = kind === 'email';
  return (
    <Field
      label={email ? t('auth.email') : t('auth.phone')}
      testId={`${testIdPrefix}-account`}
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
        email ? undefined : (
          <AreaCodePicker value={areaCode} onChange={onAreaCodeChange} testId={`${testIdPrefix}-area-code`} />
        )
      }
    />
  );
}
