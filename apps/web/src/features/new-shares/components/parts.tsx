import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { copyText } from '../../../shared/copy-text';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { PATHS, withFrom } from '../../../shared/paths';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { useRouteTitleKey } from '../../../shared/route-title';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { priceDecimals } from '../lib/decimals';

/** Whether the customer is in the demo account (SPEC §3 accountType 2). */
export const useIsDemo = (): boolean => useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);

/** A screen of this feature: the title bar (the route's title unless given) and the body. */
export function Page({ title, right, children }: { title?: string; right?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  return (
    <div className="screen ns-screen">
      <PageHeader title={title ?? (titleKey ? t(titleKey) : '')} right={right} />
      <div className="screen__body ns-body">{children}</div>
    </div>
  );
}

/**
 * A coin's amount shows the digits it has, not its scale's trailing zeros: 0.0042 BTC reads "0.0042",
 * 10 BTC reads "10.00" (never fewer than app_decimal_no, never more than the coin's scale or 8).
 */
function coinDecimals(value: string | null | undefined, scale: number, minimum: number): number {
  const significant = (/\.(\d+)$/.exec(value?.trim() ?? '')?.[1] ?? '').replace(/0+$/, '').length;
  return Math.max(minimum, Math.min(significant, scale, 8));
}

/**
 * Formats an amount of a currency (named as the wire names it) by the display rules: fiat and USDT at
 * app_decimal_no, other coins at the digits they have (coinDecimals), digits cut, never rounded up.
 */
export function useMoneyText(): (value: string | null | undefined, currencyName: string) => string {
  const rules = useDisplayRules();
  const currencies = usePlatformCurrencies().data;
  return useCallback(
    (value, currencyName) => {
      const currency = currencies?.rows.find((row) => row.currencyName === currencyName);
      const decimals =
        !currency || currency.currencyType === 0 || currency.id === CONSTANTS.usdtCurrencyId
          ? rules.amountDecimals
          : coinDecimals(value, currency.scale, rules.amountDecimals);
      return `${formatWithRules(value, rules, decimals)} ${currencyName}`;
    },
    [rules, currencies],
  );
}

/** A price at its own significant decimals (at least app_decimal_no), with the currency. */
export function usePriceText(): (value: string, currencyName: string) => string {
  const rules = useDisplayRules();
  return useCallback(
    (value, currencyName) =>
      `${formatWithRules(value, rules, priceDecimals(value, rules.amountDecimals))} ${currencyName}`,
    [rules],
  );
}

/** "Demo" beside a money figure of the demo book. */
export function DemoTag() {
  const { t } = useTranslation();
  return (
    <StatusChip tone="demo" size="small" className="ns-demo-tag" testId="demo-tag">
      {t('home.demo_badge')}
    </StatusChip>
  );
}

/** A money figure: left-to-right digits and currency, and the Demo tag when it is demo money. */
export function Money({ text, demo, testId }: { text: string; demo?: boolean; testId?: string }) {
  return (
    <span className="ns-money">
      <span className="numeric" dir="ltr" data-testid={testId}>
        {text}
      </span>
      {demo ? <DemoTag /> : null}
    </span>
  );
}

/**
 * The notice's mark: an "i" in a circle for information, "!" for a warning. Drawn here: the icon set's
 * own would become files shared with the wallet, which the first screen's bundle would then have to list.
 */
function NoticeIcon({ warning, className }: { warning: boolean; className: string }) {
  return (
    <svg className={className} width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true">
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

/** A banner that explains: the demo account, why an offer takes no subscription now. */
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
    <div className={`ns-notice ns-notice--${tone}`} role="note" data-testid={testId}>
      <NoticeIcon warning={tone !== 'info'} className="ns-notice__icon" />
      <div className="ns-notice__text">
        {title ? <p className="ns-notice__title">{title}</p> : null}
        {children ? <div className="ns-notice__body">{children}</div> : null}
      </div>
    </div>
  );
}

/** Logged out: what subscribing needs, and the way to log in (back here afterwards). */
export function LoginPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="ns-login" data-testid="login-prompt">
      <p className="ns-login__text">{message}</p>
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

/** Copies a value and says so. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="ns-copy"
      data-testid={testId}
      onClick={() => {
        void copyText(text).then((copied) => {
          Toast.show({
            content: copied ? t('invest.common.copied') : t('invest.common.copy_failed'),
            duration: CONSTANTS.toastDurationMs,
          });
        });
      }}
    >
      {t('common.copy')}
    </button>
  );
}
