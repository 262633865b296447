import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageConfig } from '../../../shared/page-config/use-page-config';
import { PATHS } from '../../../shared/paths';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StrokeIcon } from '../../../shared/ui/StrokeIcon';
import { QUICK_TINTS } from './quick-icons';

/** Home's quick entries: page config module 'quick' (SPEC §4), hidden entries already filtered out. */
export function QuickEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = usePageConfig(PATHS.home);
  if (config.isPending) {
    return (
      <section className="card home-quick" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <span className="home-quick__entry" key={index}>
            <Skeleton width={44} height={44} radius={14} />
            <Skeleton width={48} height={11} />
          </span>
        ))}
      </section>
    );
  }
  const entries = config.data?.find((group) => group.module === 'quick')?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <nav
      className="card home-quick"
      aria-label={t('tab.home')}
      style={{ gridTemplateColumns: `repeat(${Math.min(entries.length, 5)}, 1fr)` }}
    >
      {entries.map((entry) => {
        const tint = QUICK_TINTS[entry.icon] ?? '#667085';
        return (
          <button
            type="button"
            key={entry.id}
            className="home-quick__entry"
            onClick={() => navigate(entry.target)}
            data-testid={`quick-${entry.icon}`}
          >
            <span className="home-quick__icon" style={{ color: tint, backgroundColor: `${tint}1a` }}>
              <StrokeIcon name={entry.icon} size={22} />
            </span>
            <span className="home-quick__title">{t(entry.titleKey, { defaultValue: entry.title })}</span>
          </button>
        );
      })}
    </nav>
  );
}
