import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../ui/FormFields';
import { PasswordRule } from './PasswordRule';

/**
 * A new password under the SPEC §5 rule (ticked as the customer types, kept under an error) and its
 * confirmation (register, the password reset). The inputs are `${testIdPrefix}-password` and
 * `${testIdPrefix}-confirm`.
 */
export function NewPasswordFields({
  label,
  password,
  onPasswordChange,
  passwordError,
  confirm,
  onConfirmChange,
  confirmError,
  testIdPrefix,
}: {
  label: string;
  password: string;
  onPasswordChange: (password: string) => void;
  passwordError: ReactNode;
  confirm: string;
  onConfirmChange: (confirm: string) => void;
  confirmError: ReactNode;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        testId={`${testIdPrefix}-password`}
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        error={passwordError}
        hint={<PasswordRule password={password} />}
        keepHint
        placeholder={t('auth.password_placeholder')}
      />
      <PasswordField
        label={t('auth.confirm_password')}
        testId={`${testIdPrefix}-confirm`}
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirmChange}
        error={confirmError}
        placeholder={t('auth.confirm_placeholder')}
      />
    </>
  );
}
