import { staking } from '@kestrel/contract/web';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useIsDemo } from '../../../shared/account/demo';
import { RefreshableCards } from '../../../shared/invest/RefreshableCards';
import { Notice, Page, SkeletonCards } from '../../../shared/invest/parts';
import { PATHS, withFrom } from '../../../shared/paths';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { NavButton } from '../../../shared/ui/NavButton';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useActiveOrders } from '../api/staking-orders';
import { useStakingProducts } from '../api/staking-products';
import { ProductCard } from '../components/ProductCard';
import { StakeSheet } from '../components/StakeSheet';
import { moneyScaleOf, unitsAt } from '../lib/stake-form';
import { activeByProduct } from '../lib/totals';
import { STAKING_PATHS } from '../paths';

function ProductSkeletons() {
  return (
    <SkeletonCards count={2} className="sk-product">
      <Skeleton width="50%" height={18} />
      <Skeleton height={56} radius={12} />
      <Skeleton height={14} />
      <Skeleton height={14} />
      <Skeleton height={44} radius={12} />
    </SkeletonCards>
  );
}

/**
 * `/pages/lockMining/lockMiningProductList`: the products, each with its term, daily rate as a
 * percentage and the annual figure, amount range, penalty, quota left and, when it takes no orders,
 * why; "Stake" opens the buy sheet (logged out, the login page).
 */
export default function ProductsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const isDemo = useIsDemo();
  const products = useStakingProducts();
  const active = useActiveOrders();
  const currencies = usePlatformCurrencies().data;
  const [buying, setBuying] = useState<staking.StakingProduct | null>(null);
  const activeOf = useMemo(() => activeByProduct(active.data?.rows ?? []), [active.data]);
  const scale = buying ? moneyScaleOf(buying, currencies?.byId.get(buying.currencyId)?.scale) : 0;
  return (
    <Page
      right={
        loggedIn ? (
          <NavButton to={STAKING_PATHS.orders} className="k-link" testId="orders-link">
            {t('invest.staking.orders_short')}
          </NavButton>
        ) : null
      }
    >
      {isDemo ? <Notice tone="demo">{t('invest.staking.demo_notice')}</Notice> : null}
      <RefreshableCards
        onRefresh={() => Promise.all([products.refetch(), loggedIn ? active.refetch() : null])}
        query={products}
        renderCard={(product) => (
          <ProductCard
            key={product.id}
            product={product}
            isDemo={isDemo}
            loggedIn={loggedIn}
            onStake={() =>
              loggedIn ? setBuying(product) : navigate(withFrom(PATHS.login, location.pathname + location.search))
            }
          />
        )}
        skeleton={<ProductSkeletons />}
        empty={
          <EmptyState title={t('invest.staking.no_products')} description={t('invest.staking.no_products_hint')} />
        }
        testId="products"
      />
      {buying ? (
        <StakeSheet
          product={buying}
          moneyScale={scale}
          customerActive={unitsAt(activeOf.get(buying.id) ?? '0', scale) ?? 0n}
          isDemo={isDemo}
          onClose={() => setBuying(null)}
        />
      ) : null}
    </Page>
  );
}
