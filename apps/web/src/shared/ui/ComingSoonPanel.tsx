import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './coming-soon-panel.css';

/** The body of a screen that is not built yet: an illustration, "Coming soon" and a line of comfort. */
export function ComingSoonPanel({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon-panel">
      <svg className="coming-soon-panel__art" viewBox="0 0 160 120" aria-hidden="true">
        <defs>
          <linearGradient id="coming-soon-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="var(--k-brand-soft)" />
            <stop offset="1" stopColor="var(--k-surface-2)" />
          </linearGradient>
        </defs>
        <circle cx="80" cy="60" r="56" fill="url(#coming-soon-sky)" />
        <rect x="40" y="38" width="80" height="54" rx="10" fill="var(--k-surface)" stroke="var(--k-border-strong)" />
        <path
          d="M52 78 L66 64 L76 72 L94 52 L108 62"
          fill="none"
          stroke="var(--k-brand)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="108" cy="62" r="5" fill="var(--k-brand)" />
        <rect x="52" y="46" width="28" height="5" rx="2.5" fill="var(--k-surface-3)" />
        <circle cx="124" cy="34" r="12" fill="var(--k-surface)" stroke="var(--k-border-strong)" />
        <path d="M124 28 v6 l4 3" fill="none" stroke="var(--k-amber)" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h2 className="coming-soon-panel__title">{title ?? t('common.coming_soon')}</h2>
      <p className="coming-soon-panel__body">{t('page.coming_soon_body')}</p>
      {children}
    </section>
  );
}
