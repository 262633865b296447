import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RefreshableCards } from '../../../shared/invest/RefreshableCards';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { useIsDemo } from '../../../shared/account/demo';
import { Notice, Page } from '../../../shared/invest/parts';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { NavButton } from '../../../shared/ui/NavButton';
import { TabStrip } from '../../../shared/ui/TabStrip';
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
      <TabStrip
        className="k-segmented sk-tabs"
        tabClassName="k-segmented__option"
        tabs={ORDER_TABS.map((entry) => ({ id: entry.id, label: t(entry.key), testId: `tab-${entry.id}` }))}
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
      />
      {isDemo ? <Notice tone="demo">{t('invest.common.demo_records_note')}</Notice> : null}
      <OrdersOf key={tab} tab={tab} />
    </Page>
  );
}

function OrdersOf({ tab }: { tab: OrderTab }) {
  const { t } = useTranslation();
  const status = ORDER_TABS.find((entry) => entry.id === tab)?.status ?? 0;
  const orders = useStakingOrders(status);
  return (
    <RefreshableCards
      query={orders}
      renderCard={(order) => <OrderCard key={order.id} order={order} />}
      empty={
        <EmptyState
          title={t(EMPTY_KEYS[tab])}
          action={
            tab === 'active' ? (
              <NavButton to={STAKING_PATHS.products} className="k-button k-button--soft" testId="browse-products">
                {t('invest.staking.browse_products')}
              </NavButton>
            ) : undefined
          }
        />
      }
      testId="orders"
    />
  );
}
