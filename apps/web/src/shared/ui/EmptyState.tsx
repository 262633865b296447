import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './empty-state.css';

/** Nothing to show: a calm illustration, a line of text, and optionally what to do about it. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title?: string;
  description?: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <svg className="empty-state__art" viewBox="0 0 96 72" aria-hidden="true">
        <rect x="14" y="16" width="68" height="46" rx="10" fill="var(--k-surface-3)" />
        <rect x="24" y="28" width="30" height="6" rx="3" fill="var(--k-surface)" />
        <rect x="24" y="40" width="46" height="6" rx="3" fill="var(--k-surface)" />
        <circle cx="74" cy="18" r="10" fill="var(--k-brand-soft)" />
        <path d="M70 18h8M74 14v8" stroke="var(--k-brand)" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="empty-state__title">{title ?? t('common.empty')}</p>
      {description ? <p className="empty-state__description">{description}</p> : null}
      {action}
    </div>
  );
}
