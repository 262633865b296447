import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { levelRates } from '../lib/team';

/**
 * The published commission rule in plain words, from the rates the server answers: what share of whose
 * fees I receive, that it is paid from the platform's fee income as the fee is paid, and never from
 * anyone's losses.
 */
export function RatesCard({ rates }: { rates: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const levels = levelRates(rates);
  return (
    <section className="card iv-section" data-testid="team-rates">
      <h2 className="iv-section__title">{t('team.rates_title')}</h2>
      <ul className="tm-rates">
        {levels.map((entry) => (
          <li className="tm-rates__level" key={entry.level}>
            <span className="tm-rates__name">{t('team.level', { level: entry.level })}</span>
            <span className="tm-rates__percent numeric" dir="ltr" data-testid={`rate-level${entry.level}`}>
              {entry.percent}
            </span>
          </li>
        ))}
      </ul>
      <p className="iv-text" data-testid="team-rates-text">
        {t('team.rates_body', { level1: ltr(levels[0]?.percent ?? '--'), level2: ltr(levels[1]?.percent ?? '--') })}
      </p>
      <p className="iv-hint">{t('team.levels_explained')}</p>
    </section>
  );
}
