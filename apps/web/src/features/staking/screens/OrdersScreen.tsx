import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { useIsDemo } from '../../../shared/account/demo';
import { Notice, Page } from '../../../shared/invest/parts';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { useStakingOrders } from '../api/staking-orders';
import { OrderCard } from '../components/OrderCard';
import { ORDER_TABS, type OrderTab } from '../lib/labels';
import { STAKING_PATHS } from '../paths';

/** What each tab says when it has nothing. */
const EMPTY_KEYS = {
  active: 'invest.staking.empty_active',
  matured: 'invest.staking.empty_matured',
  redeemed: 'invest.staking.empty_redeemed',
} as const;

/**
 * `/pages/lockMining/orders?tab=active|matured|redeemed`: my orders by status, a page at a time with
 * pull to refresh; each opens its page.
 */
export default function OrdersScreen() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const isDemo = useIsDemo();
  const [params, setParams] = useSearchParams();
  const tab: OrderTab = ORDER_TABS.find((entry) => entry.id === params.get('tab'))?.id ?? 'active';
  if (!loggedIn) return <LoginRedirect />;
  return (
    <Page>
      <div className="k-segmented sk-tabs" role="tablist">
        {ORDER_TABS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            className="k-segmented__option"
            onClick={() => setParams({ tab: entry.id }, { replace: true })}
            data-testid={`tab-${entry.id}`}
          >
            {t(entry.key)}
          </button>
        ))}
      </div>
      {isDemo ? <Notice tone="demo">{t('invest.common.demo_records_note')}</Notice> : null}
      <OrdersOf key={tab} tab={tab} />
    </Page>
  );
}

function OrdersOf({ tab }: { tab: OrderTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = ORDER_TABS.find((entry) => entry.id === tab)?.status ?? 0;
  const orders = useStakingOrders(status);
  return (
    <Refreshable onRefresh={() => orders.refetch()}>
      <div className="iv-stack">
        <PagedCards
          query={orders}
          renderCard={(order) => <OrderCard key={order.id} order={order} />}
          empty={
            <EmptyState
              title={t(EMPTY_KEYS[tab])}
              action={
                tab === 'active' ? (
                  <button
                    type="button"
                    className="k-button k-button--soft"
                    onClick={() => navigate(STAKING_PATHS.products)}
                    data-testid="browse-products"
                  >
                    {t('invest.staking.browse_products')}
                  </button>
                ) : undefined
              }
            />
          }
          listClassName="iv-list"
          testId="orders"
        />
      </div>
    </Refreshable>
  );
}
