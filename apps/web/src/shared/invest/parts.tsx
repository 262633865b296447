/**
 * The frame and the small parts the new-share and staking screens share: the page, what a detail screen
 * shows without its record, skeleton cards, a card's head, a money figure with its Demo tag, the
 * available balance, the notice, the login prompt. Their look is invest.css.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS, withFrom } from '../paths';
import { useRouteTitleKey } from '../route-title';
import { refusalOf } from '../trading/refusal-field';
import { EmptyState } from '../ui/EmptyState';
import { LoadFailed } from '../ui/LoadFailed';
import { PageHeader } from '../ui/PageHeader';
import { StatusChip } from '../ui/StatusChip';
import { useMoneyText } from './amounts';
import './invest.css';

/** A screen: the title bar (the route's title unless given) and the body. */
export function Page({ title, right, children }: { title?: string; right?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  return (
    <div className="screen iv-screen">
      <PageHeader title={title ?? (titleKey ? t(titleKey) : '')} right={right} />
      <div className="screen__body iv-body">{children}</div>
    </div>
  );
}

/**
 * A detail screen without its record: a retry when it failed to load, otherwise `notFound` (no such id,
 * or the server refused with `notFoundRefusal`: an answer, not a failure to retry).
 */
export function RecordMissing({
  notFound,
  query,
  notFoundRefusal,
}: {
  notFound: string;
  query?: { isError: boolean; error: unknown; refetch: () => unknown };
  notFoundRefusal?: string;
}) {
  const failed = query?.isError === true && refusalOf(query.error)?.key !== notFoundRefusal;
  return (
    <Page>
      <div className="card">
        {failed ? <LoadFailed onRetry={() => void query.refetch()} /> : <EmptyState title={notFound} />}
      </div>
    </Page>
  );
}

/** Cards shaped like the list's own while its first page loads: `count` of them, each holding `children`. */
export function SkeletonCards({
  count,
  className,
  children,
}: {
  count: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="k-list iv-list" role="status" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <div className={`card iv-section ${className}`} key={index}>
          {children}
        </div>
      ))}
    </div>
  );
}

/**
 * A card's head: the name (the screen's heading when `hero`, else two lines at most), the line under it,
 * and the status chip at the end.
 */
export function CardHead({
  name,
  line,
  chip,
  hero = false,
}: {
  name: string;
  line: ReactNode;
  chip: ReactNode;
  hero?: boolean;
}) {
  return (
    <div className="iv-head">
      <div className="iv-head__names">
        {hero ? (
          <h2 className="iv-hero-name" dir="auto">
            {name}
          </h2>
        ) : (
          <span className="iv-name" dir="auto">
            {name}
          </span>
        )}
        {line}
      </div>
      {chip}
    </div>
  );
}

/** "Demo" beside a money figure of the demo book. */
export function DemoTag() {
  const { t } = useTranslation();
  return (
    <StatusChip tone="demo" size="small" className="iv-demo-tag" testId="demo-tag">
      {t('common.demo')}
    </StatusChip>
  );
}

/** A money figure: left-to-right digits and currency, and the Demo tag when it is demo money. */
export function Money({ text, demo, testId }: { text: string; demo?: boolean; testId?: string }) {
  return (
    <span className="iv-money">
      <span className="numeric" dir="ltr" data-testid={testId}>
        {text}
      </span>
      {demo ? <DemoTag /> : null}
    </span>
  );
}

/** "Available: 1,234.50 USDT" beside a form's amount, with the Demo tag for demo money; "--" until known. */
export function Available({
  amount,
  currencyName,
  demo,
  testId,
}: {
  amount: string | null;
  currencyName: string;
  demo: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <>
      {t('invest.common.available')}:{' '}
      <Money text={amount !== null ? money(amount, currencyName) : '--'} demo={demo} testId={testId} />
    </>
  );
}

/**
 * The notice's mark: an "i" in a circle for information, "!" for a warning. Drawn here: the icon set's
 * own would become files shared with the wallet, which the first screen's bundle would then have to list.
 */
function NoticeIcon({ warning }: { warning: boolean }) {
  return (
    <svg className="iv-notice__icon" width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d={warning ? 'M12 7v6.5M12 16.6v.6' : 'M12 10.5v6M12 7.2v.6'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export type NoticeTone = 'info' | 'warning' | 'demo';

/**
 * A banner that explains: the demo account, why an offer or a product takes nothing now. These screens'
 * own look (the body in the text's colour, the demo notice outlined); the money and loan screens use
 * shared/ui/Notice.tsx.
 */
export function Notice({
  tone = 'info',
  title,
  children,
  testId,
}: {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`iv-notice iv-notice--${tone}`} role="note" data-testid={testId}>
      <NoticeIcon warning={tone !== 'info'} />
      <div className="iv-notice__text">
        {title ? <p className="iv-notice__title">{title}</p> : null}
        {children ? <div className="iv-notice__body">{children}</div> : null}
      </div>
    </div>
  );
}

/** Logged out: what the action needs (`message`), and the way to log in (back here afterwards). */
export function LoginPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="iv-login" data-testid="login-prompt">
      <p className="iv-login__text">{message}</p>
      <button
        type="button"
        className="k-button k-button--primary"
        onClick={() => navigate(withFrom(PATHS.login, location.pathname + location.search))}
      >
        {t('auth.login')}
      </button>
    </div>
  );
}
