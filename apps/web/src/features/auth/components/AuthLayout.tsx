import type { ReactNode } from 'react';
import { BackButton } from '../../../shared/ui/PageHeader';
import '../auth.css';

/** The custom navigation of login and register: back, a switch to the other screen, the brand and a title. */
export function AuthLayout({
  title,
  subtitle,
  aside,
  children,
}: {
  title: string;
  subtitle: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="screen auth-screen">
      <nav className="auth-nav">
        <BackButton />
        <div className="auth-nav__aside">{aside}</div>
      </nav>
      <div className="auth-hero">
        <img className="auth-hero__logo" src="/logo.svg" alt="" width={48} height={48} />
        <h1 className="auth-hero__title">{title}</h1>
        <p className="auth-hero__subtitle">{subtitle}</p>
      </div>
      <div className="auth-body">{children}</div>
    </div>
  );
}
