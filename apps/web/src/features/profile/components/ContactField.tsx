import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAINLAND_AREA_CODE, type ContactKind } from '../../../shared/contact/validation';
import { AreaCodePicker } from '../../../shared/contact/AreaCodePicker';
import { Field } from '../../../shared/contact/Field';

/**
 * An email, or a phone number behind its area-code picker, typed left to right in every language. The
 * phone's rule (mainland or international) is its hint.
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
}: {
  kind: ContactKind;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  areaCode: string;
  onAreaCodeChange: (areaCode: string) => void;
  error: string | null;
  hint?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const email = kind === 'email';
  const phoneRule = t(areaCode === MAINLAND_AREA_CODE ? 'auth.phone_rule_mainland' : 'auth.phone_rule_international');
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
      onChange={(event) => onChange(email ? event.target.value : event.target.value.replace(/[^0-9]/g, ''))}
      error={error}
      hint={hint ?? (email ? null : phoneRule)}
      dir="ltr"
      leading={
        email ? undefined : (
          <AreaCodePicker value={areaCode} onChange={onAreaCodeChange} testId={`${testId}-area-code`} />
        )
      }
    />
  );
}
