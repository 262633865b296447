import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import './load-failed.css';

/**
 * Something did not load (the request layer has already said why): say so and offer a retry. As an
 * empty state (the illustration, a title and a hint) where a list or a page would be; `plain` is the
 * one quiet line of the money screens.
 */
export function LoadFailed({
  onRetry,
  title,
  description,
  variant = 'empty-state',
}: {
  onRetry: () => void;
  title?: string;
  description?: string;
  variant?: 'empty-state' | 'plain';
}) {
  const { t } = useTranslation();
  const text = title ?? t('common.load_failed');
  if (variant === 'plain') {
    return (
      <div className="k-load-failed" role="alert">
        <p className="k-load-failed__title">{text}</p>
        <button type="button" className="k-load-failed__retry" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <EmptyState
      title={text}
      description={description}
      action={
        <button type="button" className="k-button k-button--soft" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
