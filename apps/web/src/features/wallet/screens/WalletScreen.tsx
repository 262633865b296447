import { useQueryClient } from '@tanstack/react-query';
import {
  BankcardOutline,
  CollectMoneyOutline,
  DownlandOutline,
  LockOutline,
  LoopOutline,
  RightOutline,
  UnorderedListOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { OTHER_VALUE_FLAGS, useOtherValueFlag } from '../../../shared/platform/other-value-flags';
import { isSwitchOn, useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { loginFrom, PATHS } from '../../../shared/paths';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { BalanceCardHead, HideAmountsEye } from '../../../shared/ui/BalanceCardHead';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { TabTitle } from '../../../shared/ui/TabTitle';
import { useSwitchAccount } from '../../../shared/account/use-switch-account';
import { usePersonCenterPanelData } from '../api/person-center-panel-data';
import { useUserBalanceConvert, type BalanceRow } from '../api/user-balance-convert';
import { SpotHoldings } from '../components/SpotHoldings';
import { CurrencyIcon } from '../components/CurrencyIcon';
import { useCurrencyAmount } from '../lib/currency-format';
import { HIDDEN_AMOUNT, useHideAmounts } from '../lib/hide-amounts';
import { holdsAny, useZeroBalances } from '../lib/zero-balances';
import { MONEY_PATHS } from '../lib/paths';
import '../i18n-english';
import '../components/money.css';
import './wallet-screen.css';

/** The switch that hides deposit, withdrawal, exchange, cards and addresses (the operator's choice). */
const HIDE_WALLET_ACTIONS = 'hide_wallet_actions';

type ActionId = 'deposit' | 'withdraw' | 'exchange' | 'records' | 'cards' | 'addresses';

const ACTIONS: readonly { id: ActionId; path: string; icon: ReactNode; labelKey: string; hideable: boolean }[] = [
  {
    id: 'deposit',
    path: MONEY_PATHS.recharge,
    icon: <DownlandOutline />,
    labelKey: 'home.quick_deposit',
    hideable: true,
  },
  {
    id: 'withdraw',
    path: MONEY_PATHS.withdraw,
    icon: <UploadOutline />,
    labelKey: 'home.quick_withdraw',
    hideable: true,
  },
  { id: 'exchange', path: MONEY_PATHS.exchange, icon: <LoopOutline />, labelKey: 'page.exchange', hideable: true },
  {
    id: 'records',
    path: MONEY_PATHS.statement,
    icon: <UnorderedListOutline />,
    labelKey: 'wallet.statement',
    hideable: false,
  },
  { id: 'cards', path: MONEY_PATHS.bankCards, icon: <BankcardOutline />, labelKey: 'me.bank_cards', hideable: true },
  {
    id: 'addresses',
    path: MONEY_PATHS.addresses,
    icon: <CollectMoneyOutline />,
    labelKey: 'me.wallets',
    hideable: true,
  },
];

/**
 * `/pages/user/accountDetail`, the wallet tab: the total in USDT, every currency's available and frozen
 * balance, the way to every money action, and the switch between the real and the demo account.
 */
export default function WalletScreen() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  const token = useSessionStore((state) => state.token);
  const navigate = useNavigate();

  if (!token) {
    return (
      <div className="screen wallet-screen">
        <TabTitle title={t('tab.wallet')} />
        <div className="screen__body">
          <section className="card wallet-guest">
            <p className="wallet-guest__text">{t('wallet.login_prompt')}</p>
            <button
              type="button"
              className="k-action k-action-button k-action--brand"
              onClick={() => navigate(loginFrom(PATHS.wallet))}
            >
              {t('auth.login')}
            </button>
          </section>
        </div>
      </div>
    );
  }
  return <Wallet isDemo={userInfo?.accountType === DEMO_ACCOUNT_TYPE} />;
}

function Wallet({ isDemo }: { isDemo: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const panel = usePersonCenterPanelData();
  const balances = useUserBalanceConvert();
  const rules = useDisplayRules();
  const hidden = useHideAmounts((state) => state.hidden);
  const actionsHidden = useSwitchSetStore((state) => isSwitchOn(state.rows, HIDE_WALLET_ACTIONS));
  const zeroShown = useZeroBalances((state) => state.shown);
  const toggleZeroShown = useZeroBalances((state) => state.toggle);
  // Every balance zero: a new (or emptied) account. One clear way in replaces the list of 0.00 rows.
  const empty = balances.isSuccess && !balances.data.some(holdsAny);
  const listed = balances.data?.filter((row) => zeroShown || holdsAny(row)) ?? [];

  const total = hidden ? HIDDEN_AMOUNT : formatWithRules(panel.data?.userBalanceConvert, rules);

  return (
    <div className={`screen wallet-screen${isDemo ? ' wallet-screen--demo' : ''}`}>
      <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'balances', 'spotHoldings')}>
        <TabTitle title={t('tab.wallet')} />
        <div className="screen__body wallet-body">
          {isDemo ? <DemoBanner /> : null}
          {empty ? <EmptyWallet isDemo={isDemo} depositHidden={actionsHidden} /> : null}

          <section
            className={`k-balance-card wallet-total${isDemo ? ' k-balance-card--demo' : ''}`}
            aria-labelledby="wallet-total-label"
          >
            <BalanceCardHead labelId="wallet-total-label" label={`${t('wallet.total_assets')} (USDT)`} demo={isDemo}>
              <HideAmountsEye
                className="wallet-total__eye"
                testId="wallet-hide-toggle"
                showLabel={t('wallet.show_amounts')}
                hideLabel={t('wallet.hide_amounts')}
              />
            </BalanceCardHead>
            {panel.isPending ? (
              <Skeleton width="60%" height={36} style={{ background: 'rgba(255,255,255,0.25)' }} />
            ) : (
              <p className="wallet-total__value numeric" dir="ltr" data-testid="wallet-total">
                {total}
              </p>
            )}
            <p className="wallet-total__note">{isDemo ? t('wallet.demo_note') : t('wallet.total_note')}</p>
          </section>

          <nav className="card wallet-actions" aria-label={t('tab.wallet')}>
            {ACTIONS.filter((action) => !(action.hideable && actionsHidden)).map((action) => (
              <ActionButton key={action.id} action={action} />
            ))}
          </nav>

          <section className="card">
            <div className="wallet-balances__head">
              <h2 className="card__title">{t('wallet.balances')}</h2>
              <button
                type="button"
                role="switch"
                aria-checked={zeroShown}
                className="wallet-zero-toggle"
                onClick={toggleZeroShown}
                data-testid="wallet-zero-toggle"
              >
                <span className="wallet-zero-toggle__track" aria-hidden="true" />
                {t('wallet.show_zero_balances')}
              </button>
            </div>
            {balances.isPending ? (
              <BalanceSkeleton />
            ) : balances.isError ? (
              <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void balances.refetch()} />
            ) : listed.length === 0 ? (
              <p className="wallet-balances__none" data-testid="wallet-no-balances">
                {t('wallet.no_balances')}
              </p>
            ) : (
              <ul className="wallet-balances">
                {listed.map((row) => (
                  <BalanceItem key={row.currencyId} row={row} hidden={hidden} />
                ))}
              </ul>
            )}
          </section>

          <SpotHoldings hidden={hidden} />

          <section className="card">
            <h2 className="card__title">{t('wallet.history')}</h2>
            <ul className="wallet-links">
              {!actionsHidden ? (
                <>
                  <LinkRow
                    path={MONEY_PATHS.rechargeRecord}
                    icon={<DownlandOutline />}
                    label={t('page.recharge_record')}
                  />
                  <LinkRow
                    path={MONEY_PATHS.withdrawRecord}
                    icon={<UploadOutline />}
                    label={t('page.withdraw_record')}
                  />
                  <LinkRow path={MONEY_PATHS.exchangeRecord} icon={<LoopOutline />} label={t('page.exchange_record')} />
                </>
              ) : null}
              <LinkRow path={MONEY_PATHS.statement} icon={<UnorderedListOutline />} label={t('wallet.statement')} />
              <LinkRow path={MONEY_PATHS.change} icon={<LockOutline />} label={t('wallet.security')} />
            </ul>
          </section>

          {isDemo || empty ? null : <DemoInvite />}
        </div>
      </Refreshable>
    </div>
  );
}

function ActionButton({ action }: { action: (typeof ACTIONS)[number] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`wallet-action wallet-action--${action.id}`}
      onClick={() => navigate(action.path)}
      data-testid={`wallet-action-${action.id}`}
    >
      <span className="wallet-action__icon" aria-hidden="true">
        {action.icon}
      </span>
      <span className="wallet-action__label">{t(action.labelKey)}</span>
    </button>
  );
}

function BalanceItem({ row, hidden }: { row: BalanceRow; hidden: boolean }) {
  const { t } = useTranslation();
  const amount = useCurrencyAmount();
  const rules = useDisplayRules();
  const show = (value: string) => (hidden ? HIDDEN_AMOUNT : amount(value, row.currencyId));
  const hasMargin = /[1-9]/.test(row.marginAmount);
  // The frozen part is shown unless the operator turned it off (otherValue app_showFreeze).
  const showFrozen = useOtherValueFlag(OTHER_VALUE_FLAGS.showFreeze);
  return (
    <li className="wallet-balance" data-testid={`wallet-balance-${row.currencyName}`}>
      <CurrencyIcon name={row.currencyName} src={row.currencyImg} size={38} />
      <div className="wallet-balance__main">
        <div className="wallet-balance__line">
          <span className="wallet-balance__name">{row.currencyName}</span>
          <span className="wallet-balance__available numeric" dir="ltr" data-testid="balance-available">
            {show(row.userAmt)}
          </span>
        </div>
        <div className="wallet-balance__line wallet-balance__line--meta">
          <span>
            {showFrozen ? (
              <>
                {t('wallet.frozen')}{' '}
                <span className="numeric" dir="ltr" data-testid="balance-frozen">
                  {show(row.frozenAmount)}
                </span>
              </>
            ) : null}
            {hasMargin ? (
              <>
                {showFrozen ? ' · ' : null}
                {t('wallet.in_margin')}{' '}
                <span className="numeric" dir="ltr">
                  {show(row.marginAmount)}
                </span>
              </>
            ) : null}
          </span>
          <span className="numeric" dir="ltr">
            {row.rateMissing
              ? t('wallet.no_rate')
              : `≈ ${hidden ? HIDDEN_AMOUNT : formatWithRules(row.USDTValue, rules)} USDT`}
          </span>
        </div>
      </div>
    </li>
  );
}

function BalanceSkeleton() {
  return (
    <div className="wallet-balances" aria-busy="true">
      {Array.from({ length: 4 }, (_, index) => (
        <div className="wallet-balance" key={index}>
          <Skeleton width={38} height={38} radius={19} />
          <div className="wallet-balance__main">
            <Skeleton width="50%" height={15} />
            <Skeleton width="70%" height={11} />
          </div>
        </div>
      ))}
    </div>
  );
}

function LinkRow({ path, icon, label }: { path: string; icon: ReactNode; label: string }) {
  const navigate = useNavigate();
  return (
    <li>
      <button type="button" className="wallet-link" onClick={() => navigate(path)}>
        <span className="wallet-link__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="wallet-link__label">{label}</span>
        <RightOutline className="wallet-link__arrow m-direction-flip" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Moves between the demo and the real account; busy (disabled) while the switch is under way. */
function SwitchAccountButton({
  toDemo,
  label,
  className = 'k-pill m-small-button',
  testId = 'wallet-switch-account',
}: {
  toDemo: boolean;
  label?: string;
  className?: string;
  testId?: string;
}) {
  const switchAccount = useSwitchAccount(toDemo ? 'demo' : 'real');
  return (
    <button
      type="button"
      className={className}
      onClick={() => void switchAccount.run()}
      disabled={switchAccount.pending}
      data-testid={testId}
    >
      {label ?? switchAccount.label}
    </button>
  );
}

/**
 * Nothing held yet: the two ways to start, at the top where a newcomer looks first. Demo funds come
 * first (no risk, nothing to pay); a demo account that has spent everything is offered a deposit.
 */
function EmptyWallet({ isDemo, depositHidden }: { isDemo: boolean; depositHidden: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card wallet-empty" aria-labelledby="wallet-empty-title" data-testid="wallet-empty">
      <h2 id="wallet-empty-title" className="wallet-empty__title">
        {t('wallet.empty_title')}
      </h2>
      <p className="wallet-empty__body">{isDemo ? t('wallet.empty_body_demo') : t('wallet.empty_body')}</p>
      <div className="wallet-empty__actions">
        {isDemo ? null : (
          <SwitchAccountButton
            toDemo
            label={t('wallet.try_demo_funds')}
            className="k-action k-action-button k-action--brand wallet-empty__action"
            testId="wallet-empty-demo"
          />
        )}
        {depositHidden ? null : (
          <button
            type="button"
            className={`k-action k-action-button wallet-empty__action${isDemo ? ' k-action--brand' : ' k-action-button--outline'}`}
            onClick={() => navigate(MONEY_PATHS.recharge)}
            data-testid="wallet-empty-deposit"
          >
            {t('home.quick_deposit')}
          </button>
        )}
      </div>
    </section>
  );
}

function DemoBanner() {
  const { t } = useTranslation();
  return (
    <Notice
      tone="demo"
      testId="wallet-demo-banner"
      title={t('me.account_demo')}
      action={<SwitchAccountButton toDemo={false} />}
    >
      {t('wallet.demo_banner')}
    </Notice>
  );
}

function DemoInvite() {
  const { t } = useTranslation();
  return (
    <section className="card wallet-demo-invite">
      <div className="wallet-demo-invite__text">
        <p className="wallet-demo-invite__title">{t('wallet.try_demo')}</p>
        <p className="wallet-demo-invite__body">{t('wallet.try_demo_body')}</p>
      </div>
      <SwitchAccountButton toDemo />
    </section>
  );
}
