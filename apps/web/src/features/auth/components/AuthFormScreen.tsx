import type { FormEvent, ReactNode } from 'react';
import { PATHS } from '../../../shared/paths';
import { BackButton } from '../../../shared/ui/PageHeader';
import { useTranslation } from 'react-i18next';
import { useOpenOtherAuthScreen } from '../use-other-auth-screen';
import '../auth.css';

/** Login and register: each screen's texts, and the other screen it offers. */
const AUTH_SCREENS = {
  login: {
    title: 'auth.login_title',
    subtitle: 'auth.login_subtitle',
    action: 'auth.login',
    other: 'register',
    otherQuestion: 'auth.no_account',
  },
  register: {
    title: 'auth.register_title',
    subtitle: 'auth.register_subtitle',
    action: 'auth.register',
    other: 'login',
    otherQuestion: 'auth.have_account',
  },
} as const;

type AuthScreen = keyof typeof AUTH_SCREENS;

/**
 * The frame of login and register: the custom navigation (back, a switch to the other screen), the
 * brand and a title, then the form with the screen's fields, its submit button (a spinner while
 * `submitting`, `${screen}-submit`) and, under it, the way to the other screen. The other screen is
 * opened in place of this one, keeping `?from=`.
 */
export function AuthFormScreen({
  screen,
  onSubmit,
  submitting,
  children,
}: {
  screen: AuthScreen;
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const openOther = useOpenOtherAuthScreen();
  const texts = AUTH_SCREENS[screen];
  const other = AUTH_SCREENS[texts.other];
  const toOther = () => openOther(PATHS[texts.other]);
  return (
    <div className="screen auth-screen">
      <nav className="auth-nav">
        <BackButton />
        <div className="auth-nav__aside">
          <button type="button" className="auth-nav__link" onClick={toOther}>
            {t(other.action)}
          </button>
        </div>
      </nav>
      <div className="auth-hero">
        <img className="auth-hero__logo" src="/logo.svg" alt="" width={48} height={48} />
        <h1 className="auth-hero__title">{t(texts.title)}</h1>
        <p className="auth-hero__subtitle">{t(texts.subtitle)}</p>
      </div>
      <div className="auth-body">
        <form className="auth-form card" onSubmit={onSubmit} noValidate>
          {children}
          <button
            type="submit"
            className="k-button k-button--primary auth-form__submit"
            disabled={submitting}
            data-testid={`${screen}-submit`}
          >
            {submitting ? <span className="spinner spinner--small spinner--on-brand" aria-hidden="true" /> : null}
            {t(texts.action)}
          </button>
          <p className="auth-form__switch">
            {t(texts.otherQuestion)}{' '}
            <button type="button" className="auth-form__link" onClick={toOther}>
              {t(other.action)}
            </button>
          </p>
        </form>
      </div>
    </div>
  );
}
