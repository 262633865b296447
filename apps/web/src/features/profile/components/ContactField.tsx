import { useTranslation } from 'react-i18next';
import { ContactField, type ContactFieldProps } from '../../../shared/contact/ContactField';
import { phoneRuleKey } from '../../../shared/contact/validation';

/**
 * The self-service forms' contact field: a phone number keeps only its digits as the customer types or
 * pastes, and its rule (mainland or international) is its hint unless another is given.
 */
export function ProfileContactField({ hint, onChange, ...field }: ContactFieldProps) {
  const { t } = useTranslation();
  const email = field.kind === 'email';
  return (
    <ContactField
      {...field}
      onChange={(text) => onChange(email ? text : text.replace(/[^0-9]/g, ''))}
      hint={hint ?? (email ? null : t(phoneRuleKey(field.areaCode)))}
    />
  );
}
