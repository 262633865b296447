import { CONSTANTS } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { forgetCustomerData } from '../../../shared/api/customer-keys';
import { PATHS } from '../../../shared/paths';
import { useSessionStore } from '../../../shared/store/session';
import { ActionButton } from '../../../shared/ui/Buttons';
import { Notice } from '../../../shared/ui/Notice';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useResetPassword } from '../api/reset-password';
import { useSendCode } from '../api/send-code';
import { CodeField } from '../components/CodeField';
import { ProfileContactField } from '../components/ContactField';
import { ContactKindTabs } from '../../../shared/contact/ContactKindTabs';
import { NewPasswordFields } from '../../../shared/contact/NewPasswordFields';
import { refusalFrom, type Refusal } from '../lib/refusal';
import { useCountdown } from '../../../shared/contact/use-countdown';
import {
  codeError,
  confirmError,
  contactError,
  MAINLAND_AREA_CODE,
  passwordError,
  phoneAccount,
  type ContactKind,
} from '../../../shared/contact/validation';

/**
 * `/pages/user/forgetPwd` (logged out): the email or phone the customer signs in with, a code sent to
 * it (purpose reset), and a new password twice under the SPEC §5 rule. The server never says whether
 * an account exists, so neither does this screen: "if an account exists, a code was sent". A reset
 * ends every session of the account; the customer then logs in with the new password.
 */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sendCode = useSendCode('reset');
  const reset = useResetPassword();
  const [secondsLeft, startCountdown] = useCountdown();

  const [kind, setKind] = useState<ContactKind>('email');
  const [areaCode, setAreaCode] = useState(MAINLAND_AREA_CODE);
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [checked, setChecked] = useState(false);
  const [contactChecked, setContactChecked] = useState(false);
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const contact = kind === 'email' ? value.trim().toLowerCase() : value.trim();
  const userAccount = kind === 'email' ? contact : phoneAccount(areaCode, contact);
  const errors = {
    contact: contactError(kind, contact, areaCode),
    code: codeError(code),
    password: passwordError(password),
    confirm: confirmError(password, confirm),
  };
  const shown = (error: string | null, forced = checked) => (forced && error ? t(error) : null);
  const refusalOn = (field: Refusal['field']) => (refusal?.field === field ? refusal.text : null);
  const clearRefusal = (field: Refusal['field']) => {
    if (refusal?.field === field || refusal?.field === 'form') setRefusal(null);
  };

  const send = () => {
    setContactChecked(true);
    if (errors.contact || secondsLeft > 0 || sendCode.isPending) return;
    setRefusal(null);
    sendCode.mutate(kind === 'email' ? { kind, email: contact } : { kind, phone: contact, areaCode }, {
      onSuccess: () => {
        startCountdown(CONSTANTS.verificationCodeCountdownSeconds);
        // The hint under the code says it was sent; a toast would cover the form with the same words.
        setSent(true);
      },
      onError: (error) => setRefusal(refusalFrom(error, t, 'contact')),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean) || reset.isPending) return;
    setRefusal(null);
    try {
      await reset.mutateAsync({ userAccount, areaCode, yzmCode: code, newPwd: password });
    } catch (error) {
      setRefusal(refusalFrom(error, t));
      return;
    }
    // The reset ended every session of that account: if it is the one signed in here, end it here too.
    const session = useSessionStore.getState();
    if (session.userInfo?.userAccount === userAccount) {
      session.signOut();
      forgetCustomerData(queryClient);
    }
    Toast.show({ content: t('profile.reset_done'), duration: CONSTANTS.toastDurationMs });
    navigate(PATHS.login, { replace: true });
  };

  return (
    <div className="screen profile-screen">
      <PageHeader title={t('auth.forgot_password')} />
      <div className="screen__body profile-body">
        <form
          className="card profile-form"
          onSubmit={(event) => void submit(event)}
          noValidate
          data-testid="reset-form"
        >
          <p className="profile-hint">{t('profile.reset_intro')}</p>
          <ContactKindTabs
            className="profile-tabs"
            value={kind}
            onChange={(next) => {
              setKind(next);
              setValue('');
              setChecked(false);
              setContactChecked(false);
              setRefusal(null);
            }}
            testIdPrefix="reset"
          />
          <ProfileContactField
            kind={kind}
            value={value}
            onChange={(next) => {
              setValue(next);
              clearRefusal('contact');
            }}
            areaCode={areaCode}
            onAreaCodeChange={setAreaCode}
            error={refusalOn('contact') ?? shown(errors.contact, checked || contactChecked)}
            testId="reset-account"
          />
          <CodeField
            value={code}
            onChange={(next) => {
              setCode(next);
              clearRefusal('code');
            }}
            error={refusalOn('code') ?? shown(errors.code)}
            hint={sent ? t('profile.reset_code_sent') : null}
            onSend={send}
            sending={sendCode.isPending}
            secondsLeft={secondsLeft}
            testId="reset-code"
          />
          <NewPasswordFields
            label={t('auth.new_password')}
            password={password}
            onPasswordChange={(next) => {
              setPassword(next);
              clearRefusal('password');
            }}
            passwordError={refusalOn('password') ?? shown(errors.password)}
            confirm={confirm}
            onConfirmChange={setConfirm}
            confirmError={shown(errors.confirm)}
            testIdPrefix="reset"
          />
          {refusal?.field === 'form' ? (
            <Notice tone="danger" testId="reset-refusal">
              {refusal.text}
            </Notice>
          ) : null}
          <ActionButton type="submit" loading={reset.isPending} testId="reset-submit">
            {t('profile.reset_submit')}
          </ActionButton>
          <p className="profile-hint profile-hint--center">{t('profile.reset_sessions_note')}</p>
        </form>
      </div>
    </div>
  );
}
