import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { useRouteTitleKey } from '../../../shared/route-title';
import { useIsLoggedIn } from '../../../shared/store/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../i18n-english';
import './money.css';

/**
 * The frame of every money screen: the title bar (the route's title unless given), and the body only
 * for a logged-in customer; anyone else goes to login (money screens have nothing to show a guest).
 */
export function MoneyPage({
  title,
  right,
  footer,
  children,
  className,
}: {
  title?: string;
  right?: ReactNode;
  /** A bar fixed to the bottom (the submit button). */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <LoginRedirect />;
  return (
    <div className={`screen k-money-screen${footer ? ' k-money-screen--with-footer' : ''} ${className ?? ''}`}>
      <PageHeader title={title ?? (titleKey ? t(titleKey) : '')} right={right} />
      {children}
      {footer ? <div className="k-footer-bar">{footer}</div> : null}
    </div>
  );
}

/** "Records" in a money screen's header: opens the list of what this screen has sent (`to`). */
export function RecordsLink({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button type="button" className="k-link" onClick={() => navigate(to)}>
      {t('wallet.records_short')}
    </button>
  );
}
