import { useTranslation } from 'react-i18next';
import './simulated-badge.css';

/**
 * "Simulated data" (DESIGN §4): shown wherever prices from a simulated market are shown. Pass the
 * row's or the answer's `simulated` flag; nothing renders for real market data.
 */
export function SimulatedBadge({ simulated, className }: { simulated: boolean | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!simulated) return null;
  return (
    <span className={`simulated-badge ${className ?? ''}`} title={t('market.simulated')} data-testid="simulated-badge">
      <span className="simulated-badge__dot" aria-hidden="true" />
      {t('market.simulated')}
    </span>
  );
}
