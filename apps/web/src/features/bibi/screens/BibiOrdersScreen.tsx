import { bibi } from '@kestrel/contract/web';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAmountFormat } from '../../../shared/display/display-rules';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { ListState, listStateOf } from '../../../shared/ui/ListState';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { TabStrip } from '../../../shared/ui/TabStrip';
import { useBibiOrderList } from '../api/bibi-order-list';
import { useBibiPairs } from '../api/bibi-pairs';
import { useUserBibiAssets } from '../api/user-bibi-assets-list';
import { BibiHeader } from '../components/BibiHeader';
import { LoginPrompt } from '../components/LoginPrompt';
import { OrderDetailSheet } from '../components/OrderDetailSheet';
import { OrderList } from '../components/OrderList';
import type { PairScales } from '../components/OrderRow';
import { baseCoinDecimals } from '../lib/precision';
import { useMyOrderUpdates } from '../live/use-my-order-updates';
import { BIBI_PATH } from '../paths';
import '../i18n-english';
import './bibi.css';

/** The tabs, in order, with the status each lists (bibi contract BIBI_ORDER_STATUS). */
const TABS = [
  { id: 'open', status: bibi.BIBI_ORDER_STATUS.open, labelKey: 'bibi.tab_open' },
  { id: 'filled', status: bibi.BIBI_ORDER_STATUS.filled, labelKey: 'bibi.tab_filled' },
  { id: 'cancelled', status: bibi.BIBI_ORDER_STATUS.cancelled, labelKey: 'bibi.tab_cancelled' },
  { id: 'expired', status: bibi.BIBI_ORDER_STATUS.expired, labelKey: 'bibi.tab_expired' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * `/pages/position/bibiOrder`: my coin-to-coin orders of every pair by status (open, filled, cancelled,
 * expired; `?tab=` keeps the choice in the URL), a page at a time with pull to refresh; each with its
 * pair, side, type, price, amount, filled, average price, fee and status; tap one for its fills.
 */
export default function BibiOrdersScreen() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((entry) => entry.id === params.get('tab'))?.id ?? 'open';

  return (
    <div className="screen bibi-screen">
      <BibiHeader
        fallbackTitleKey="page.bibi_orders"
        linkTo={BIBI_PATH}
        linkLabelKey="bibi.trade_link"
        linkTestId="bibi-trade-link"
      />
      {!loggedIn ? (
        <div className="screen__body">
          <LoginPrompt />
        </div>
      ) : (
        <>
          <TabStrip
            className="bibi-tabs bibi-tabs--sticky"
            tabClassName="k-tab bibi-tabs__tab"
            tabs={TABS.map((entry) => ({ id: entry.id, label: t(entry.labelKey), testId: `orders-tab-${entry.id}` }))}
            value={tab}
            onChange={(id) => setParams({ tab: id }, { replace: true })}
          />
          <OrdersOfStatus key={tab} status={TABS.find((entry) => entry.id === tab)?.status ?? 0} />
        </>
      )}
    </div>
  );
}

function OrdersOfStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  const orders = useBibiOrderList({ status });
  const pairs = useBibiPairs();
  const currencies = usePlatformCurrencies().data;
  const [opened, setOpened] = useState<bibi.BibiOrder | null>(null);
  useMyOrderUpdates();
  const scales = useMemo(
    () =>
      new Map<string, PairScales>(
        (pairs.data ?? []).map((pair) => [
          pair.productCode,
          {
            priceScale: pair.priceScale,
            volumeScale: pair.volumeScale,
            quoteScale: currencies?.byId.get(pair.quoteCurrencyId)?.scale,
          },
        ]),
      ),
    [pairs.data, currencies],
  );
  const rows = orders.data?.pages.flatMap((page) => page.rows) ?? [];

  let body;
  if (orders.isPending)
    body = (
      <section className="card">
        <SkeletonRows rows={5} />
      </section>
    );
  else if (orders.isError && rows.length === 0) {
    body = (
      <section className="card">
        <LoadFailed onRetry={() => void orders.refetch()} />
      </section>
    );
  } else if (rows.length === 0) {
    body = (
      <section className="card">
        <EmptyState title={t('bibi.no_orders')} />
      </section>
    );
  } else {
    body = (
      <>
        <OrderList
          rows={rows}
          scalesOf={(order) => scales.get(order.productCode)}
          onOpen={setOpened}
          className="bibi-orders bibi-orders--cards"
          testId="orders-list"
        />
        <ListState state={listStateOf(orders)} onLoadMore={() => void orders.fetchNextPage()} />
      </>
    );
  }

  return (
    <Refreshable onRefresh={() => orders.refetch()}>
      <div className="screen__body bibi-body">
        <Holdings pairs={pairs.data ?? []} />
        {body}
      </div>
      <OrderDetailSheet
        order={opened}
        scales={opened ? scales.get(opened.productCode) : undefined}
        onClose={() => setOpened(null)}
      />
    </Refreshable>
  );
}

/**
 * The coins held (available and in orders together), from userBibiAssets/list. Its `productCode` names
 * the pair's product (X:BTCUSD); the customer knows the coin (BTC).
 */
function Holdings({ pairs }: { pairs: readonly bibi.BibiPair[] }) {
  const { t } = useTranslation();
  const amount = useAmountFormat();
  const assets = useUserBibiAssets();
  const rows = assets.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="card bibi-holdings" aria-label={t('bibi.holdings')} data-testid="bibi-holdings">
      <span className="bibi-holdings__title">{t('bibi.holdings')}</span>
      <ul className="bibi-holdings__list">
        {rows.map((row) => {
          const pair = pairs.find((candidate) => candidate.productCode === row.productCode);
          return (
            <li key={row.productCode}>
              <span className="bibi-holdings__coin">{pair?.baseCurrencyName ?? row.productCode}</span>{' '}
              <span className="numeric" dir="ltr">
                {/* The coin's own precision (its pair's volume step), not the ledger's eight digits. */}
                {amount(row.bibiAmount, baseCoinDecimals(pair))}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
