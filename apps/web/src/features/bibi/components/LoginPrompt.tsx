import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS, withFrom } from '../../../shared/paths';

/** Logged out: what trading here needs, and the way to log in (back to this pair afterwards). */
export function LoginPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <section className="card bibi-login" data-testid="bibi-login-prompt">
      <h2 className="bibi-login__title">{t('bibi.login_prompt')}</h2>
      <p className="bibi-login__hint">{t('bibi.login_prompt_hint')}</p>
      <button
        type="button"
        className="k-button k-button--primary"
        onClick={() => navigate(withFrom(PATHS.login, location.pathname + location.search))}
        data-testid="bibi-login"
      >
        {t('bibi.log_in')}
      </button>
    </section>
  );
}
