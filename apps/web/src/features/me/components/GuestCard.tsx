import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { loginFrom, PATHS } from '../../../shared/paths';

/** Logged out: a welcome, why to log in, and both ways in. */
export function GuestCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="me-profile me-profile--guest">
      <img className="me-profile__logo" src="/logo.svg" alt="" width={56} height={56} />
      <div className="me-profile__text">
        <h2 className="me-profile__name">{t('home.welcome')}</h2>
        <p className="me-profile__account">{t('me.not_logged_in')}</p>
      </div>
      <div className="me-profile__actions">
        <Button color="primary" shape="rounded" onClick={() => navigate(loginFrom(PATHS.me))}>
          {t('auth.login')}
        </Button>
        <Button shape="rounded" className="me-profile__secondary" onClick={() => navigate(PATHS.register)}>
          {t('auth.register')}
        </Button>
      </div>
    </section>
  );
}
