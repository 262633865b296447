import { bibi, CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { useIsDemo } from '../../../shared/account/demo';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { TabStrip } from '../../../shared/ui/TabStrip';
import { MARKET_PREFIX } from '../api/keys';
import { useUserBalance } from '../api/user-balance';
import { Balances, type CoinBalance } from '../components/Balances';
import { BibiHeader } from '../components/BibiHeader';
import { DemoAccountNotice } from '../components/DemoAccountNotice';
import { DepthBook } from '../components/DepthBook';
import { LoginPrompt } from '../components/LoginPrompt';
import { OpenOrders } from '../components/OpenOrders';
import { OrderForm, type PickedPrice } from '../components/OrderForm';
import { PairHeader } from '../components/PairHeader';
import { PairSwitcher } from '../components/PairSwitcher';
import { RecentTrades } from '../components/RecentTrades';
import { DEFAULT_LEDGER_SCALE, rulesOf } from '../lib/order-form';
import { useDepthBook } from '../live/use-depth-book';
import { useLivePairTicker } from '../live/use-live-pair-ticker';
import { useLiveTrades } from '../live/use-live-trades';
import { useReferenceTicker } from '../live/use-reference-ticker';
import { useMyOrderUpdates } from '../live/use-my-order-updates';
import { BIBI_ORDERS_PATH } from '../paths';
import { usePair } from '../use-pair';
import '../i18n-english';
import './bibi.css';

/**
 * `/pages/quoteDetail/bibi?productCode=<code>`: a coin-to-coin pair's exchange. The pair header, the live
 * order book (tap a level to use its price), the buy and sell forms (a login prompt when logged out),
 * the balances of the pair's two coins, my open orders with cancel, and the recent trades.
 */
export default function BibiScreen() {
  const { t } = useTranslation();
  const choice = usePair();

  let body;
  if (choice.pending) body = <BibiSkeleton />;
  else if (choice.failed) {
    body = (
      <div className="screen__body">
        <section className="card">
          <LoadFailed description={t('common.load_failed_hint')} onRetry={choice.retry} />
        </section>
      </div>
    );
  } else if (!choice.pair) {
    body = (
      <div className="screen__body">
        <section className="card">
          <EmptyState title={t('bibi.no_pairs')} />
        </section>
      </div>
    );
  } else {
    body = (
      <PairExchange key={choice.pair.productCode} pair={choice.pair} pairs={choice.pairs} onChoose={choice.choose} />
    );
  }

  return (
    <div className="screen bibi-screen">
      <BibiHeader
        fallbackTitleKey="page.bibi"
        linkTo={BIBI_ORDERS_PATH}
        linkLabelKey="bibi.orders_link"
        linkTestId="bibi-orders-link"
      />
      {body}
    </div>
  );
}

function PairExchange({
  pair,
  pairs,
  onChoose,
}: {
  pair: bibi.BibiPair;
  pairs: bibi.BibiPair[];
  onChoose: (productCode: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const isDemo = useIsDemo();
  const ticker = useLivePairTicker(pair.productCode);
  const reference = useReferenceTicker(pair.productCode);
  const depth = useDepthBook(pair);
  const trades = useLiveTrades(pair.productCode);
  const balances = useUserBalance();
  const currencies = usePlatformCurrencies().data;
  const [switching, setSwitching] = useState(false);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [tab, setTab] = useState<'orders' | 'trades'>(loggedIn ? 'orders' : 'trades');
  const formRef = useRef<HTMLDivElement>(null);
  // A resting order of mine filled by someone else's: say so (my own placements say so themselves).
  useMyOrderUpdates((update) => {
    if (update.fills.some((fill) => fill.role === 'maker')) {
      Toast.show({ content: t('bibi.order_filled'), duration: CONSTANTS.toastDurationMs });
    }
  });

  const quoteScale = currencies?.byId.get(pair.quoteCurrencyId)?.scale ?? DEFAULT_LEDGER_SCALE;
  const baseScale = currencies?.byId.get(pair.baseCurrencyId)?.scale ?? DEFAULT_LEDGER_SCALE;
  const rules = useMemo(() => rulesOf(pair, quoteScale, baseScale), [pair, quoteScale, baseScale]);
  const coins: CoinBalance[] = [pair.baseCurrencyId, pair.quoteCurrencyId].map((currencyId) => {
    const row = balances.data?.find((entry) => entry.currencyId === currencyId);
    return {
      currencyId,
      currencyName: currencyId === pair.baseCurrencyId ? pair.baseCurrencyName : pair.quoteCurrencyName,
      available: row?.userAmt ?? (balances.data ? '0' : null),
      frozen: row?.frozenAmount ?? (balances.data ? '0' : null),
    };
  });
  const baseAvailable = coins[0]?.available ?? null;
  const quoteAvailable = coins[1]?.available ?? null;
  const available = useMemo(() => ({ base: baseAvailable, quote: quoteAvailable }), [baseAvailable, quoteAvailable]);

  const newest = trades.trades[0];
  const lastPrice = newest?.price ?? ticker?.lastPrice ?? pair.lastPrice;
  const lastDirection = newest ? (newest.takerDirection === bibi.ORDER_DIRECTION.buy ? 'rise' : 'fall') : 'flat';
  // Where a limit price starts (placeholder, steppers, shortcuts): the last trade, else the reference.
  const formStart = lastPrice ?? pair.referencePrice;

  const pick = (price: string) => {
    setPicked((previous) => ({ price, nonce: (previous?.nonce ?? 0) + 1 }));
    // Optional call: older engines (and jsdom) have no scrollIntoView options support.
    formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  };

  return (
    <Refreshable onRefresh={() => refreshAll(queryClient)}>
      <div className="screen__body bibi-body">
        <PairHeader
          pair={pair}
          ticker={ticker}
          reference={reference}
          lastPrice={lastPrice}
          onSwitch={() => setSwitching(true)}
        />
        <DepthBook
          pair={pair}
          view={depth.view}
          loading={depth.loading}
          failed={depth.failed}
          onRetry={depth.retry}
          lastPrice={lastPrice}
          lastDirection={lastDirection}
          onPick={pick}
        />
        <div ref={formRef}>
          {!loggedIn ? (
            <LoginPrompt />
          ) : (
            <>
              {isDemo ? <DemoAccountNotice /> : null}
              <OrderForm
                pair={pair}
                rules={rules}
                available={available}
                bestBid={depth.view.bestBid}
                bestAsk={depth.view.bestAsk}
                referencePrice={formStart}
                picked={picked}
                demo={isDemo}
              />
            </>
          )}
        </div>
        {loggedIn ? <Balances pair={pair} coins={coins} loading={balances.isPending} demo={isDemo} /> : null}
        <section className="card bibi-tabs-card">
          <TabStrip
            className="bibi-tabs"
            tabClassName="k-tab bibi-tabs__tab"
            tabs={[
              ...(loggedIn ? [{ id: 'orders' as const, label: t('bibi.open_orders'), testId: 'tab-open-orders' }] : []),
              { id: 'trades' as const, label: t('bibi.recent_trades'), testId: 'tab-recent-trades' },
            ]}
            value={tab}
            onChange={setTab}
          />
          {tab === 'orders' && loggedIn ? (
            <OpenOrders pair={pair} quoteScale={quoteScale} />
          ) : (
            <RecentTrades pair={pair} trades={trades.trades} loading={trades.loading} />
          )}
        </section>
      </div>
      <PairSwitcher
        visible={switching}
        pairs={pairs}
        current={pair.productCode}
        onClose={() => setSwitching(false)}
        onSelect={(code) => {
          setSwitching(false);
          onChoose(code);
        }}
      />
    </Refreshable>
  );
}

/** Pull to refresh: the pair's market data and what of mine the screen shows. */
function refreshAll(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MARKET_PREFIX }),
    invalidateCustomerData(queryClient, 'coinOrders', 'balances'),
  ]);
}

function BibiSkeleton() {
  return (
    <div className="screen__body" aria-busy="true">
      <section className="card bibi-head">
        <Skeleton width="40%" height={22} />
        <Skeleton width="60%" height={30} style={{ marginTop: 12 }} />
        <Skeleton height={40} style={{ marginTop: 12 }} />
      </section>
      <section className="card bibi-book">
        <div className="bibi-book__skeleton">
          {Array.from({ length: 12 }, (_, index) => (
            <Skeleton key={index} height={14} />
          ))}
        </div>
      </section>
    </div>
  );
}
