import { CONSTANTS } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/contact/Field';

/**
 * The 6-digit code and, at its end, the button that sends it; after a send the button counts down the
 * 60 s before another (SPEC §4). Only digits are kept as the customer types or pastes.
 */
export function CodeField({
  value,
  onChange,
  error,
  hint,
  onSend,
  sending,
  secondsLeft,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string | null;
  onSend: () => void;
  sending: boolean;
  secondsLeft: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth.code')}
      testId={testId}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CONSTANTS.verificationCodeLength}
      placeholder={t('auth.code_placeholder')}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/[^0-9]/g, ''))}
      error={error}
      hint={hint}
      dir="ltr"
      className="k-field__input contact-code-input numeric"
      trailing={
        <button
          type="button"
          className="profile-send-code"
          onClick={onSend}
          disabled={secondsLeft > 0 || sending}
          aria-busy={sending || undefined}
          data-testid={`${testId}-send`}
        >
          {sending ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
          {secondsLeft > 0 ? (
            <span className="numeric">{t('auth.resend_in', { seconds: secondsLeft })}</span>
          ) : (
            t('auth.send_code')
          )}
        </button>
      }
    />
  );
}
