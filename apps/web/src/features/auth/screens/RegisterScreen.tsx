import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isSwitchOn, useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { PATHS } from '../../../shared/paths';
import { useHomePath } from '../../../shared/layouts/use-layout-paths';
import { useTip } from '../../../shared/platform/api/text-lang-list';
import { useSettingsStore } from '../../../shared/store/settings';
import { useFromRoute } from '../../../shared/use-from-route';
import { useRegister } from '../api/register';
import { useSendVerificationCode } from '../api/send-verification-code';
import { AuthFormScreen } from '../components/AuthFormScreen';
import { ContactField } from '../../../shared/contact/ContactField';
import { ContactKindTabs } from '../../../shared/contact/ContactKindTabs';
import { Field } from '../../../shared/contact/Field';
import { NewPasswordFields } from '../../../shared/contact/NewPasswordFields';
import { useCountdown } from '../../../shared/contact/use-countdown';
import {
  codeError,
  confirmError,
  contactError,
  MAINLAND_AREA_CODE,
  passwordError,
  phoneRuleKey,
  type ContactKind,
} from '../../../shared/contact/validation';
import { inviteCodeError } from '../validation';

/**
 * `/pages/user/register` (custom navigation): email or phone (area code picker; mainland rule for 86,
 * international otherwise), the 6-digit code with a 60 s resend countdown, password with the SPEC §5
 * rule shown and checked, confirmation, and the invite code as the switches want it (optional,
 * required or hidden). Success keeps the session and opens home (or where login was asked).
 */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = useFromRoute();
  const homePath = useHomePath();
  const [parameters] = useSearchParams();
  const locale = useSettingsStore((state) => state.locale);
  const registerTip = useTip('register_tip');
  const inviteRequired = useSwitchSetStore((state) => isSwitchOn(state.rows, 'invite_code_required'));
  const inviteHidden = useSwitchSetStore((state) => isSwitchOn(state.rows, 'invite_code_hidden'));
  const register = useRegister();
  const sendCode = useSendVerificationCode();
  const [secondsLeft, startCountdown] = useCountdown();

  const [kind, setKind] = useState<ContactKind>('email');
  const [areaCode, setAreaCode] = useState(MAINLAND_AREA_CODE);
  const [accountValue, setAccountValue] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [inviteCode, setInviteCode] = useState(() => parameters.get('inviteCode') ?? '');
  const [checked, setChecked] = useState(false);
  const [accountChecked, setAccountChecked] = useState(false);

  const account = accountValue.trim();
  const showInvite = !inviteHidden || inviteRequired;
  const errors = {
    account: contactError(kind, account, areaCode),
    code: codeError(code),
    password: passwordError(password),
    confirm: confirmError(password, confirm),
    invite: showInvite ? inviteCodeError(inviteCode.trim(), inviteRequired) : null,
  };
  const shown = (error: string | null, forced = checked) => (forced && error ? t(error) : null);

  const send = () => {
    setAccountChecked(true);
    if (errors.account || secondsLeft > 0 || sendCode.isPending) return;
    sendCode.mutate(kind === 'email' ? { kind, email: account } : { kind, phone: account, areaCode }, {
      onSuccess: () => {
        startCountdown(CONSTANTS.verificationCodeCountdownSeconds);
        Toast.show({ content: t('tips.code_sent'), duration: CONSTANTS.toastDurationMs });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean) || register.isPending) return;
    register.mutate(
      {
        regType: kind === 'email' ? 1 : 0,
        userAccount: account,
        areaCode: kind === 'phone' ? areaCode : MAINLAND_AREA_CODE,
        yzmCode: code,
        userPwd: password,
        ...(showInvite && inviteCode.trim() ? { inviteCode: inviteCode.trim() } : {}),
      },
      {
        onSuccess: () => {
          Toast.show({ content: t('tips.registered'), duration: CONSTANTS.toastDurationMs });
          navigate(from && from !== PATHS.register ? from : homePath, { replace: true });
        },
      },
    );
  };

  return (
    <AuthFormScreen screen="register" onSubmit={submit} submitting={register.isPending}>
      <ContactKindTabs
        className="account-tabs"
        value={kind}
        onChange={(next) => {
          setKind(next);
          setAccountValue('');
          setChecked(false);
          setAccountChecked(false);
        }}
        testIdPrefix="register"
      />
      <ContactField
        kind={kind}
        value={accountValue}
        onChange={setAccountValue}
        areaCode={areaCode}
        onAreaCodeChange={setAreaCode}
        error={shown(errors.account, checked || accountChecked)}
        hint={kind === 'phone' ? t(phoneRuleKey(areaCode)) : null}
        testId="register-account"
        areaCodeTestId="register-area-code"
      />
      <Field
        label={t('auth.code')}
        testId="register-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CONSTANTS.verificationCodeLength}
        placeholder={t('auth.code_placeholder')}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, ''))}
        error={shown(errors.code)}
        hint={registerTip ? (registerTip.contentLang[locale] ?? registerTip.content) : null}
        dir="ltr"
        className="k-field__input contact-code-input numeric"
        trailing={
          <button
            type="button"
            className="auth-send-code"
            onClick={send}
            disabled={secondsLeft > 0 || sendCode.isPending}
            data-testid="register-send-code"
          >
            {secondsLeft > 0 ? t('auth.resend_in', { seconds: secondsLeft }) : t('auth.send_code')}
          </button>
        }
      />
      <NewPasswordFields
        label={t('auth.password')}
        password={password}
        onPasswordChange={setPassword}
        passwordError={shown(errors.password)}
        confirm={confirm}
        onConfirmChange={setConfirm}
        confirmError={shown(errors.confirm)}
        testIdPrefix="register"
      />
      {showInvite ? (
        <Field
          label={inviteRequired ? t('auth.invite_code') : t('auth.invite_code_optional')}
          testId="register-invite"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          value={inviteCode}
          onChange={(event) => setInviteCode(event.target.value)}
          error={shown(errors.invite)}
          dir="ltr"
        />
      ) : null}
    </AuthFormScreen>
  );
}
