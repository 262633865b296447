import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageConfig } from '../../../shared/page-config/use-page-config';
import { PATHS } from '../../../shared/paths';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StrokeIcon } from '../../../shared/ui/StrokeIcon';
import { tintClass } from '../../../shared/ui/tint';
import { QUICK_TINTS } from './quick-icons';

/** Most entries one row holds; more wrap to the next row. */
const ROW_MAX = 5;

/**
 * Home's quick entries: page config module 'quick' of home-d (SPEC §4; every layout reads the same
 * entries), hidden entries already filtered out. `row`: icons over short labels in one row; `tiles`:
 * large labelled tiles, two to a row (the launcher layout).
 */
export function QuickEntries({ variant = 'row' }: { variant?: 'row' | 'tiles' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = usePageConfig(PATHS.home);
  const className = `card home-quick home-quick--${variant}`;
  if (config.isPending) {
    return (
      <section className={className} aria-busy="true">
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
      className={className}
      aria-label={t('tab.home')}
      style={
        variant === 'row' ? { gridTemplateColumns: `repeat(${Math.min(entries.length, ROW_MAX)}, 1fr)` } : undefined
      }
    >
      {entries.map((entry) => {
        const tint = QUICK_TINTS[entry.icon] ?? 'neutral';
        return (
          <button
            type="button"
            key={entry.id}
            className="home-quick__entry"
            onClick={() => navigate(entry.target)}
            data-testid={`quick-${entry.icon}`}
          >
            <span className={`home-quick__icon ${tintClass(tint)}`}>
              <StrokeIcon name={entry.icon} size={22} />
            </span>
            <span className="home-quick__title">{t(entry.titleKey, { defaultValue: entry.title })}</span>
          </button>
        );
      })}
    </nav>
  );
}
