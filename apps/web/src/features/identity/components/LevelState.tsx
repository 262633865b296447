import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { STATUS_CHIPS } from '../lib/labels';

/** A level's status as a small chip (Not started, Under review, Verified, Rejected); nothing while unknown. */
export function LevelStatusChip({ status }: { status: number | undefined }) {
  const { t } = useTranslation();
  const chip = status === undefined ? undefined : STATUS_CHIPS[status];
  if (!chip) return null;
  return (
    <StatusChip tone={chip.tone} size="small">
      {t(chip.key)}
    </StatusChip>
  );
}

/** A level's screen while its record loads: cards shaped like the form's. */
export function LevelLoading() {
  return (
    <div className="idv-stack" role="status" aria-busy="true" data-testid="identity-loading">
      <section className="card idv-section">
        <Skeleton width="55%" height={18} />
        <Skeleton width="85%" height={12} />
        <Skeleton height={72} radius={12} />
        <Skeleton height={48} radius={12} />
      </section>
      <section className="card idv-section">
        <Skeleton width="40%" height={16} />
        <Skeleton height={120} radius={12} />
      </section>
    </div>
  );
}

/** A level's record (or the summary) did not load: say so, and retry. */
export function LevelFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <LoadFailed title={t('identity.load_failed')} onRetry={onRetry} />
    </div>
  );
}
