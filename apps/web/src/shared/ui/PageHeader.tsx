import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from './use-go-back';
import './page-header.css';

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
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="page-header">
      <div className="page-header__bar">
        <div className="page-header__side">
          {showBack ? (
            <button
              type="button"
              className="page-header__back"
              onClick={onBack ?? goBack}
              aria-label={t('common.back')}
            >
              <LeftOutline />
            </button>
          ) : null}
        </div>
        <h1 className="page-header__title">{title}</h1>
        <div className="page-header__side page-header__side--end">{right}</div>
      </div>
    </header>
  );
}
