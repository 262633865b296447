import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';

/** A list that could not load (the request layer has already said why): say so and offer a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('common.load_failed')}
      description={t('common.load_failed_hint')}
      action={
        <button type="button" className="k-button k-button--soft" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
