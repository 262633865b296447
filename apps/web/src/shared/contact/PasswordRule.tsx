import { CONSTANTS } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import './contact.css';

/** SPEC §5 password rule, each part ticked as the customer types (registration and the reset). */
export function PasswordRule({ password }: { password: string }) {
  const { t } = useTranslation();
  const parts = [
    { key: 'length', ok: password.length >= CONSTANTS.passwordMinimumLength, label: t('auth.rule_length') },
    { key: 'letter', ok: /[A-Za-z]/.test(password), label: t('auth.rule_letter') },
    { key: 'charset', ok: password !== '' && /^[A-Za-z0-9]+$/.test(password), label: t('auth.rule_charset') },
  ];
  return (
    <span className="password-rule" data-testid="password-rule">
      {parts.map((part) => (
        <span key={part.key} className={`password-rule__part${part.ok ? ' password-rule__part--ok' : ''}`}>
          <span aria-hidden="true">{part.ok ? '✓' : '•'}</span> {part.label}
        </span>
      ))}
    </span>
  );
}
