import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { PasswordField } from '../../../shared/ui/FormFields';
import { useFromRoute } from '../../../shared/use-from-route';
import { useHomePath } from '../../../shared/layouts/use-layout-paths';
import { useLogin } from '../api/login';
import { AuthFormScreen } from '../components/AuthFormScreen';
import { ContactField } from '../../../shared/contact/ContactField';
import { ContactKindTabs } from '../../../shared/contact/ContactKindTabs';
import {
  contactError,
  MAINLAND_AREA_CODE,
  passwordError,
  phoneAccount,
  type ContactKind,
} from '../../../shared/contact/validation';

/**
 * `/pages/user/login` (custom navigation): email or phone with its area code, and the password.
 * Fields are checked (SPEC §5) before the call; a refusal is the request layer's translated toast.
 * Success keeps the session and returns to where login was asked (`?from=`), or home (the layout the
 * operator chose with `app_home_layout`).
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = useFromRoute();
  const homePath = useHomePath();
  const login = useLogin();
  const [kind, setKind] = useState<ContactKind>('email');
  const [areaCode, setAreaCode] = useState(MAINLAND_AREA_CODE);
  const [accountValue, setAccountValue] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);

  const account = accountValue.trim();
  const errors = {
    account: contactError(kind, account, areaCode),
    password: passwordError(password),
  };
  const shown = (error: string | null) => (checked && error ? t(error) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (errors.account || errors.password || login.isPending) return;
    login.mutate(
      { userAccount: kind === 'email' ? account : phoneAccount(areaCode, account), userPwd: password },
      { onSuccess: () => navigate(from && from !== PATHS.login ? from : homePath, { replace: true }) },
    );
  };

  return (
    <AuthFormScreen screen="login" onSubmit={submit} submitting={login.isPending}>
      <ContactKindTabs
        className="account-tabs"
        value={kind}
        onChange={(next) => {
          setKind(next);
          setAccountValue('');
          setChecked(false);
        }}
        testIdPrefix="login"
      />
      <ContactField
        kind={kind}
        value={accountValue}
        onChange={setAccountValue}
        areaCode={areaCode}
        onAreaCodeChange={setAreaCode}
        error={shown(errors.account)}
        testId="login-account"
        areaCodeTestId="login-area-code"
      />
      <PasswordField
        label={t('auth.password')}
        testId="login-password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={shown(errors.password)}
        placeholder={t('auth.password_placeholder')}
      />
      <button
        type="button"
        className="auth-form__link auth-form__forgot"
        onClick={() => navigate('/pages/user/forgetPwd')}
        data-testid="login-forgot"
      >
        {t('auth.forgot_password')}
      </button>
    </AuthFormScreen>
  );
}
