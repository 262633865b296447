import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from './use-go-back';
import './page-header.css';

// The headers of screens and sheets, one module: a screen that shows several loads one small file.

export interface PageHeaderProps {
  title: string;
  /** Defaults to going back in history, or home when there is no history (a deep link). */
  onBack?: () => void;
  showBack?: boolean;
  right?: ReactNode;
}

/**
 * A screen's top bar: back button, centred title, optional right slot, under the status bar's safe
 * area. The back arrow mirrors in right-to-left languages.
 */
export function PageHeader({ title, onBack, showBack = true, right }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__bar">
        <div className="page-header__side">
          {showBack ? <BackButton onBack={onBack} className="page-header__back" /> : null}
        </div>
        <h1 className="page-header__title">{title}</h1>
        <div className="page-header__side page-header__side--end">{right}</div>
      </div>
    </header>
  );
}

/**
 * The back arrow at a screen's top start (the header's, or a screen's own top bar): back in history, or
 * to `fallback` when the screen was opened directly. It mirrors in right-to-left languages.
 */
export function BackButton({
  onBack,
  fallback,
  className,
}: {
  onBack?: () => void;
  fallback?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const goBack = useGoBack(fallback);
  return (
    <button
      type="button"
      className={`k-back-button${className ? ` ${className}` : ''}`}
      onClick={onBack ?? goBack}
      aria-label={t('common.back')}
    >
      <LeftOutline />
    </button>
  );
}

/** A bottom sheet's title row: the title and a close button, with the sheet's own icon. */
export function SheetHeader({
  title,
  onClose,
  closeIcon,
  closeClassName,
}: {
  title: ReactNode;
  onClose: () => void;
  closeIcon: ReactNode;
  closeClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="k-sheet__head">
      <h2 className="k-sheet__title">{title}</h2>
      <button
        type="button"
        className={`k-icon-button${closeClassName ? ` ${closeClassName}` : ''}`}
        onClick={onClose}
        aria-label={t('common.close')}
      >
        {closeIcon}
      </button>
    </div>
  );
}
