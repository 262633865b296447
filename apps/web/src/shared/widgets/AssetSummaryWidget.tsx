import { CONSTANTS } from '@kestrel/contract/web';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAssetsSummary } from '../account/api/person-center-panel-data';
import { userBalanceQuery } from '../account/api/user-balance';
import { useIsDemo } from '../account/demo';
import { useSessionToken } from '../api/customer-keys';
import { formatWithRules, useDisplayRules, type DisplayRules } from '../display/display-rules';
import { loginFrom, PATHS } from '../paths';
import { OTHER_VALUE_FLAGS, useOtherValueFlag } from '../platform/other-value-flags';
import { HIDDEN_AMOUNT, useHideAmounts } from '../store/hide-amounts';
import { LoadFailed } from '../ui/LoadFailed';
import { Skeleton } from '../ui/Skeleton';
import { BalanceCardHead, HideAmountsEye } from '../ui/BalanceCardHead';
import './widgets.css';

/** Which way a signed decimal string points: the class that colours it (rise, fall, flat). */
export function signClass(value: string | null | undefined): 'rise' | 'fall' | 'flat' {
  if (!value || !/^-?\d+(\.\d+)?$/.test(value) || /^-?0+(\.0+)?$/.test(value)) return 'flat';
  return value.startsWith('-') ? 'fall' : 'rise';
}

/**
 * A profit or loss as shown: cut to the display rules, "+" before a gain, and coloured by what is
 * shown (a loss that rounds to 0.00 is plain 0.00, not a red one).
 */
export function pnlView(
  value: string | null | undefined,
  rules: DisplayRules,
): { text: string; tone: 'rise' | 'fall' | 'flat' } {
  const shown = formatWithRules(value, rules);
  const tone = /[1-9]/.test(shown) ? signClass(value) : 'flat';
  return { text: tone === 'rise' ? `+${shown}` : shown.replace(/^-(?=[0.,\s]*$)/, ''), tone };
}

/**
 * The spec's m-zichan: the customer's assets at a glance, in USDT: the total (every currency valued in
 * USDT), what is available and frozen in USDT (unless app_showFreeze is 0), the margin in use, and today's profit and loss. The
 * wallet's eye hides every figure (one setting with the wallet tab); demo money carries the demo mark.
 * Logged out, a login prompt takes its place. A tap on the card opens the wallet.
 */
export function AssetSummaryWidget() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSessionToken();
  if (token === null) {
    return (
      <section className="card k-widget k-assets-guest" data-testid="widget-assets-guest">
        <p className="k-assets-guest__text">{t('widget.assets_login')}</p>
        <button
          type="button"
          className="k-action k-action-button k-action--brand"
          onClick={() => navigate(loginFrom(`${location.pathname}${location.search}`))}
        >
          {t('auth.login')}
        </button>
      </section>
    );
  }
  return <AssetSummary token={token} />;
}

function AssetSummary({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDemo = useIsDemo();
  const rules = useDisplayRules();
  const summary = useAssetsSummary();
  // The frozen figure is shown unless the operator turned it off (otherValue app_showFreeze).
  const showFrozen = useOtherValueFlag(OTHER_VALUE_FLAGS.showFreeze);
  const balances = useQuery(userBalanceQuery(token));
  const hidden = useHideAmounts((state) => state.hidden);
  const usdt = balances.data?.find((row) => row.currencyId === CONSTANTS.usdtCurrencyId);

  const amount = (value: string | null | undefined) => (hidden ? HIDDEN_AMOUNT : formatWithRules(value, rules));
  const failed = summary.isError && summary.data === undefined;

  return (
    <section
      className={`k-balance-card k-assets${isDemo ? ' k-balance-card--demo' : ''}`}
      aria-labelledby="widget-assets-label"
      data-testid="widget-assets"
    >
      <BalanceCardHead
        labelId="widget-assets-label"
        label={
          <>
            {t('widget.total_assets')} <span dir="ltr">(USDT)</span>
          </>
        }
        demo={isDemo}
      >
        <HideAmountsEye
          className="k-assets__eye"
          testId="widget-assets-eye"
          showLabel={t('widget.show_amounts')}
          hideLabel={t('widget.hide_amounts')}
        />
      </BalanceCardHead>
      {failed ? (
        <div className="k-assets__failed">
          <LoadFailed variant="plain" title={t('widget.assets_failed')} onRetry={() => void summary.refetch()} />
        </div>
      ) : (
        <button
          type="button"
          className="k-assets__open"
          onClick={() => navigate(PATHS.wallet)}
          aria-label={t('widget.open_wallet')}
        >
          {summary.isPending ? (
            <Skeleton width="60%" height={36} style={{ background: 'rgba(255,255,255,0.25)' }} />
          ) : (
            <span className="k-assets__total numeric" dir="ltr" data-testid="widget-assets-total">
              {amount(summary.data?.userBalanceConvert)}
            </span>
          )}
        </button>
      )}
      <dl className="k-assets__grid">
        <div>
          <dt>{t('widget.available')}</dt>
          <dd className="numeric" dir="ltr" data-testid="widget-assets-available">
            {balances.isPending ? (
              <Skeleton width={64} style={{ background: 'rgba(255,255,255,0.25)' }} />
            ) : (
              amount(usdt?.userAmt)
            )}
          </dd>
        </div>
        {showFrozen ? (
          <div>
            <dt>{t('widget.frozen')}</dt>
            <dd className="numeric" dir="ltr" data-testid="widget-assets-frozen">
              {balances.isPending ? (
                <Skeleton width={64} style={{ background: 'rgba(255,255,255,0.25)' }} />
              ) : (
                amount(usdt?.frozenAmount)
              )}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('widget.in_use')}</dt>
          <dd className="numeric" dir="ltr" data-testid="widget-assets-margin">
            {summary.isPending ? (
              <Skeleton width={64} style={{ background: 'rgba(255,255,255,0.25)' }} />
            ) : (
              amount(summary.data?.allMarginAmount)
            )}
          </dd>
        </div>
        <div>
          <dt>{t('widget.today_pnl')}</dt>
          <dd dir="ltr" data-testid="widget-assets-today">
            {summary.isPending ? (
              <Skeleton width={64} style={{ background: 'rgba(255,255,255,0.25)' }} />
            ) : hidden ? (
              <span className="numeric">{HIDDEN_AMOUNT}</span>
            ) : (
              <Pnl view={pnlView(summary.data?.profitAndLoseToday, rules)} />
            )}
          </dd>
        </div>
      </dl>
      <p className="k-assets__note">{isDemo ? t('widget.assets_demo_note') : t('widget.assets_note')}</p>
    </section>
  );
}

function Pnl({ view }: { view: { text: string; tone: 'rise' | 'fall' | 'flat' } }) {
  return <span className={`numeric k-assets__pnl k-assets__pnl--${view.tone}`}>{view.text}</span>;
}
