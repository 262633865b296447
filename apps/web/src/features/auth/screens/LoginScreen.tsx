import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS, withFrom } from '../../../shared/paths';
import { PasswordField } from '../../../shared/ui/FormFields';
import { useFromRoute } from '../../../shared/use-from-route';
import { useLogin } from '../api/login';
import { AccountTabs } from '../components/AccountTabs';
import { AreaCodePicker } from '../components/AreaCodePicker';
import { AuthLayout } from '../components/AuthLayout';
import { Field } from '../components/Field';
import { accountError, MAINLAND_AREA_CODE, passwordError, phoneAccount, type AccountKind } from '../validation';

/**
 * `/pages/user/login` (custom navigation): email or phone with its area code, and the password.
 * Fields are checked (SPEC §5) before the call; a refusal is the request layer's translated toast.
 * Success keeps the session and returns to where login was asked (`?from=`), or home.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = useFromRoute();
  const login = useLogin();
  const [kind, setKind] = useState<AccountKind>('email');
  const [areaCode, setAreaCode] = useState(MAINLAND_AREA_CODE);
  const [accountValue, setAccountValue] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);

  const account = accountValue.trim();
  const errors = {
    account: accountError(kind, account, areaCode),
    password: passwordError(password),
  };
  const shown = (error: string | null) => (checked && error ? t(error) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (errors.account || errors.password || login.isPending) return;
    login.mutate(
      { userAccount: kind === 'email' ? account : phoneAccount(areaCode, account), userPwd: password },
      { onSuccess: () => navigate(from && from !== PATHS.login ? from : PATHS.home, { replace: true }) },
    );
  };

  return (
    <AuthLayout
      title={t('auth.login_title')}
      subtitle={t('auth.login_subtitle')}
      aside={
        <button
          type="button"
          className="auth-nav__link"
          onClick={() => navigate(from ? withFrom(PATHS.register, from) : PATHS.register, { replace: true })}
        >
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
        <Field
          label={kind === 'email' ? t('auth.email') : t('auth.phone')}
          testId="login-account"
          type={kind === 'email' ? 'email' : 'tel'}
          inputMode={kind === 'email' ? 'email' : 'numeric'}
          autoComplete={kind === 'email' ? 'email' : 'tel-national'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={kind === 'email' ? 254 : 15}
          placeholder={kind === 'email' ? t('auth.email_placeholder') : t('auth.phone_placeholder')}
          value={accountValue}
          onChange={(event) => setAccountValue(event.target.value)}
          error={shown(errors.account)}
          dir="ltr"
          leading={
            kind === 'phone' ? (
              <AreaCodePicker value={areaCode} onChange={setAreaCode} testId="login-area-code" />
            ) : undefined
          }
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
          <button
            type="button"
            className="auth-form__link"
            onClick={() => navigate(from ? withFrom(PATHS.register, from) : PATHS.register, { replace: true })}
          >
            {t('auth.register')}
          </button>
        </p>
      </form>
    </AuthLayout>
  );
}
