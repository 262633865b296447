import { CONSTANTS } from '@kestrel/contract/web';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { PATHS, withFrom } from '../../../shared/paths';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { useRouteTitleKey } from '../../../shared/route-title';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatusChip } from '../../../shared/ui/StatusChip';

/** Whether the customer is in the demo account (SPEC §3 accountType 2). */
export const useIsDemo = (): boolean => useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);

/** A screen of this feature: the title bar (the route's title unless given) and the body. */
export function Page({ title, right, children }: { title?: string; right?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  return (
    <div className="screen sk-screen">
      <PageHeader title={title ?? (titleKey ? t(titleKey) : '')} right={right} />
      <div className="screen__body sk-body">{children}</div>
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
 * app_decimal_no, other coins at the digits they have (coinDecimals), digits cut, never rounded up. The number
 * alone; useMoneyText adds the currency.
 */
export function useAmountText(): (value: string | null | undefined, currencyName: string) => string {
  const rules = useDisplayRules();
  const currencies = usePlatformCurrencies().data;
  return useCallback(
    (value, currencyName) => {
      const currency = currencies?.rows.find((row) => row.currencyName === currencyName);
      const decimals =
        !currency || currency.currencyType === 0 || currency.id === CONSTANTS.usdtCurrencyId
          ? rules.amountDecimals
          : coinDecimals(value, currency.scale, rules.amountDecimals);
      return formatWithRules(value, rules, decimals);
    },
    [rules, currencies],
  );
}

/** An amount and its currency, "1,234.50 USDT". */
export function useMoneyText(): (value: string | null | undefined, currencyName: string) => string {
  const amount = useAmountText();
  return useCallback((value, currencyName) => `${amount(value, currencyName)} ${currencyName}`, [amount]);
}

/** Yields read to four decimals at least: a day's yield on a small principal is not "0.00". */
export const YIELD_DECIMALS = 4;

/** A yield of a currency, like useMoneyText but never fewer than YIELD_DECIMALS digits (cut), a coin's at the digits it has. */
export function useYieldText(): (value: string | null | undefined, currencyName: string) => string {
  const rules = useDisplayRules();
  const currencies = usePlatformCurrencies().data;
  return useCallback(
    (value, currencyName) => {
      const currency = currencies?.rows.find((row) => row.currencyName === currencyName);
      const scale = currency ? Math.min(currency.scale, 8) : YIELD_DECIMALS;
      const least = Math.max(rules.amountDecimals, Math.min(YIELD_DECIMALS, scale));
      // A coin's yield shows the digits it has: a day on 0.001 BTC is 0.00000035 BTC, not "0.0000".
      const coin = currency && currency.currencyType !== 0 && currency.id !== CONSTANTS.usdtCurrencyId;
      const decimals = coin ? coinDecimals(value, scale, least) : least;
      return `${formatWithRules(value, rules, decimals)} ${currencyName}`;
    },
    [rules, currencies],
  );
}

/** "1 day" / "30 days": the count with its noun, singular at one. */
export function useDaysText(): (n: number) => string {
  const { t } = useTranslation();
  return useCallback((n) => t(n === 1 ? 'invest.common.day_one' : 'invest.common.days_count', { n }), [t]);
}

/** "Demo" beside a money figure of the demo book. */
export function DemoTag() {
  const { t } = useTranslation();
  return (
    <StatusChip tone="demo" size="small" className="sk-demo-tag" testId="demo-tag">
      {t('home.demo_badge')}
    </StatusChip>
  );
}

/** A money figure: left-to-right digits and currency, and the Demo tag when it is demo money. */
export function Money({ text, demo, testId }: { text: string; demo?: boolean; testId?: string }) {
  return (
    <span className="sk-money">
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

/** A banner that explains: the demo account, why a product takes no orders now. */
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
    <div className={`sk-notice sk-notice--${tone}`} role="note" data-testid={testId}>
      <NoticeIcon warning={tone !== 'info'} className="sk-notice__icon" />
      <div className="sk-notice__text">
        {title ? <p className="sk-notice__title">{title}</p> : null}
        {children ? <div className="sk-notice__body">{children}</div> : null}
      </div>
    </div>
  );
}

/** Logged out: what staking needs, and the way to log in (back here afterwards). */
export function LoginPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="sk-login" data-testid="login-prompt">
      <p className="sk-login__text">{message}</p>
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
