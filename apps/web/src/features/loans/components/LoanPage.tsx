import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { useRouteTitleKey } from '../../../shared/route-title';
import { useIsLoggedIn } from '../../../shared/store/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { LOAN_PATHS } from '../paths';

/**
 * The frame of every loan screen: the title bar (the route's title), the body, and an optional bar
 * fixed to the bottom. `guests` lets a logged-out visitor in (the panel shows the products to anyone);
 * the other screens send them to login. Back goes to the loan panel when the screen was opened directly.
 */
export function LoanPage({
  children,
  footer,
  guests = false,
  right,
}: {
  children: ReactNode;
  footer?: ReactNode;
  guests?: boolean;
  right?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  const loggedIn = useIsLoggedIn();
  const goBack = useGoBack(LOAN_PATHS.panel);
  const homeBack = useGoBack();
  if (!loggedIn && !guests) return <LoginRedirect />;
  return (
    <div className={`screen k-money-screen ln-screen${footer ? ' k-money-screen--with-footer' : ''}`}>
      <PageHeader title={titleKey ? t(titleKey) : ''} onBack={guests ? homeBack : goBack} right={right} />
      <div className="screen__body ln-body">{children}</div>
      {footer ? <div className="k-footer-bar">{footer}</div> : null}
    </div>
  );
}
