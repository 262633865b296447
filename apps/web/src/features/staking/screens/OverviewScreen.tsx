import { useTranslation } from 'react-i18next';
import { useIsDemo } from '../../../shared/account/demo';
import { useMoneyText } from '../../../shared/invest/amounts';
import { LoginPrompt, Money, Notice, Page } from '../../../shared/invest/parts';
import { useIsLoggedIn } from '../../../shared/store/session';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { NavButton } from '../../../shared/ui/NavButton';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useActiveOrders } from '../api/staking-orders';
import { OrderCard } from '../components/OrderCard';
import { useYieldText } from '../components/texts';
import { totalsByCurrency } from '../lib/totals';
import { STAKING_PATHS } from '../paths';

/** Active orders previewed on the overview; the rest are one tap away. */
const PREVIEW_ORDERS = 3;

/** The way to the products and to my orders. */
function Entries() {
  const { t } = useTranslation();
  return (
    <div className="sk-entries">
      <NavButton to={STAKING_PATHS.products} className="card sk-entry" testId="entry-products">
        <span className="sk-entry__title">{t('invest.staking.products')}</span>
        <span className="sk-entry__hint">{t('invest.staking.products_hint')}</span>
      </NavButton>
      <NavButton to={STAKING_PATHS.orders} className="card sk-entry" testId="entry-orders">
        <span className="sk-entry__title">{t('invest.staking.my_orders')}</span>
        <span className="sk-entry__hint">{t('invest.staking.my_orders_hint')}</span>
      </NavButton>
    </div>
  );
}

/** The published rule, in plain words. */
function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="card iv-section" data-testid="how-it-works">
      <h2 className="iv-section__title">{t('invest.staking.how_title')}</h2>
      <ul className="sk-points">
        <li>{t('invest.staking.how_lock')}</li>
        <li>{t('invest.staking.how_daily')}</li>
        <li>{t('invest.staking.how_maturity')}</li>
        <li>{t('invest.staking.how_early')}</li>
        <li>{t('invest.staking.how_reserve')}</li>
      </ul>
    </section>
  );
}

/**
 * `/pages/lockMining/lockMining`: my staking at a glance: principal locked and yield accrued (per
 * currency), what holding to maturity pays, the active orders, and the ways to the products and to all
 * my orders; below, how locked staking works.
 */
export default function OverviewScreen() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <Page>
      {loggedIn ? (
        <Overview />
      ) : (
        <>
          <section className="card iv-section">
            <LoginPrompt message={t('invest.staking.login_for_overview')} />
          </section>
          <Entries />
        </>
      )}
      <HowItWorks />
    </Page>
  );
}

function Overview() {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  const money = useMoneyText();
  const yieldText = useYieldText();
  const active = useActiveOrders();

  if (active.isPending) {
    return (
      <section className="card iv-section sk-summary" role="status" aria-busy="true">
        <Skeleton width="40%" height={12} />
        <Skeleton width="60%" height={28} />
        <Skeleton height={44} radius={10} />
      </section>
    );
  }
  if (active.isError) {
    return (
      <section className="card">
        <LoadFailed onRetry={() => void active.refetch()} />
      </section>
    );
  }
  const totals = totalsByCurrency(active.data.rows);
  const orders = active.data.rows;
  return (
    <Refreshable onRefresh={() => active.refetch()}>
      <div className="iv-stack">
        {isDemo ? <Notice tone="demo">{t('invest.common.demo_records_note')}</Notice> : null}
        <section className="card iv-section sk-summary" data-testid="summary">
          <p className="sk-summary__label">{t('invest.staking.principal_locked')}</p>
          {totals.length === 0 ? (
            <p className="sk-summary__value numeric" dir="ltr" data-testid="summary-principal">
              0.00
            </p>
          ) : (
            totals.map((line) => (
              <p className="sk-summary__value" key={line.currencyName}>
                <Money text={money(line.principal, line.currencyName)} demo={isDemo} testId="summary-principal" />
              </p>
            ))
          )}
          <dl className="sk-summary__stats">
            <div>
              <dt>{t('invest.staking.accrued_yield')}</dt>
              <dd data-testid="summary-accrued">
                {totals.length === 0
                  ? '0.00'
                  : totals.map((line) => (
                      <Money key={line.currencyName} text={yieldText(line.accrued, line.currencyName)} demo={isDemo} />
                    ))}
              </dd>
            </div>
            <div>
              <dt>{t('invest.staking.at_maturity')}</dt>
              <dd data-testid="summary-expected">
                {totals.length === 0
                  ? '0.00'
                  : totals.map((line) => (
                      <Money key={line.currencyName} text={yieldText(line.expected, line.currencyName)} demo={isDemo} />
                    ))}
              </dd>
            </div>
            <div>
              <dt>{t('invest.staking.active_orders')}</dt>
              <dd className="numeric" data-testid="summary-count">
                {active.data.total}
              </dd>
            </div>
          </dl>
          {!active.data.complete ? (
            <p className="iv-hint">{t('invest.staking.totals_partial', { n: orders.length })}</p>
          ) : null}
        </section>
        <Entries />
        {orders.length > 0 ? (
          <section className="iv-stack" data-testid="active-preview">
            <div className="iv-section__head">
              <h2 className="sk-heading">{t('invest.staking.active_orders')}</h2>
              <NavButton to={STAKING_PATHS.orders} className="k-link">
                {t('invest.staking.see_all')}
              </NavButton>
            </div>
            <ul className="k-list iv-list">
              {orders.slice(0, PREVIEW_ORDERS).map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </ul>
          </section>
        ) : (
          <Notice>{t('invest.staking.no_active')}</Notice>
        )}
      </div>
    </Refreshable>
  );
}
