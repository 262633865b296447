import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { PasswordField } from '../../../shared/ui/FormFields';
import { useFromRoute } from '../../../shared/use-from-route';
import { useHomePath } from '../../../shared/layouts/use-layout-paths';
import { useLogin } from '../api/login';
import { AccountField } from '../components/AccountField';
import { AccountTabs } from '../components/AccountTabs';
import { AuthLayout } from '../components/AuthLayout';
import { useOpenOtherAuthScreen } from '../use-other-auth-screen';
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
  const openOther = useOpenOtherAuthScreen();
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
    <AuthLayout
      title={t('auth.login_title')}
      subtitle={t('auth.login_subtitle')}
      aside={
        <button type="button" className="auth-nav__link" onClick={() => openOther(PATHS.register)}>
          {t('auth.register')}
        </button>
      }
    >
      <form className="auth-form card" onSubmit={submit} noValidate>
        <AccountTabs
          value={kind}
          onChange={(next) => {
            setKind(next);
            setAccountValue('');
            setChecked(false);
          }}
          testIdPrefix="login"
        />
        <AccountField
          kind={kind}
          value={accountValue}
          onChange={setAccountValue}
          areaCode={areaCode}
          onAreaCodeChange={setAreaCode}
          error={shown(errors.account)}
          testIdPrefix="login"
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
        <button
          type="submit"
          className="k-button k-button--primary auth-form__submit"
          disabled={login.isPending}
          data-testid="login-submit"
        >
          {login.isPending ? <span className="spinner spinner--small spinner--on-brand" aria-hidden="true" /> : null}
          {t('auth.login')}
        </button>
        <p className="auth-form__switch">
          {t('auth.no_account')}{' '}
          <button type="button" className="auth-form__link" onClick={() => openOther(PATHS.register)}>
            {t('auth.register')}
          </button>
        </p>
      </form>
    </AuthLayout>
  );
}
