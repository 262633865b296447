import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginFrom, PATHS } from '../../../shared/paths';
import type { ProfileStyle } from '../compositions';

/** Logged out: a welcome, why to log in, and both ways in (back to this layout after the login). */
export function GuestCard({ profileStyle = 'card' }: { profileStyle?: ProfileStyle }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <section className={`me-profile me-profile--guest me-profile--${profileStyle}`} data-testid="me-guest">
      <img className="me-profile__logo" src="/logo.svg" alt="" width={56} height={56} />
      <div className="me-profile__text">
        <h2 className="me-profile__name">{t('home.welcome')}</h2>
        <p className="me-profile__account">{t('me.not_logged_in')}</p>
      </div>
      <div className="me-profile__actions">
        <Button color="primary" shape="rounded" onClick={() => navigate(loginFrom(pathname))}>
          {t('auth.login')}
        </Button>
        <Button shape="rounded" className="me-profile__secondary" onClick={() => navigate(PATHS.register)}>
          {t('auth.register')}
        </Button>
      </div>
    </section>
  );
}
