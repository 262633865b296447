import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { PATHS, withFrom } from '../../../shared/paths';
import { useRouteTitleKey } from '../../../shared/route-title';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../../shared/store/session';
import { usePositionPages, type Position } from '../../../shared/trading/api/position-list';
import { usePositionSellAll } from '../../../shared/trading/api/position-sell-all';
import { ConfirmSheet } from '../../../shared/trading/ConfirmSheet';
import { sumDecimals } from '../../../shared/trading/decimals';
import { toneOf, useMoneyText, useSignedMoneyText } from '../../../shared/trading/format';
import { useLivePositions, withLiveFigures } from '../../../shared/trading/live-positions';
import { PositionCard } from '../../../shared/trading/PositionCard';
import { usePositionActions } from '../../../shared/trading/use-position-actions';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { ListState, listStateOf } from '../../../shared/ui/ListState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import '../../../shared/trading/i18n-english';
import './positions-screen.css';

type Tab = 'open' | 'closed';

/** The trade currency's scale (USDT), for totals before the first live message. */
const TOTAL_SCALE = 8;

/** Bounds the rendered list (TIGER_STYLE): past this, "load more" stops and the statement has the rest. */
const POSITIONS_SHOWN_MAX = 500;

/**
 * `/pages/position/contractPosition`: my contract positions. Open ones with live floating PnL, their
 * levels and liquidation price, close one or all (after a confirmation) and edit TP/SL; closed ones
 * with the realized PnL, why they closed and the tick that closed them.
 */
export default function ContractPositionScreen() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const isDemo = useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);
  const [tab, setTab] = useState<Tab>('open');
  if (!loggedIn) return <Navigate to={withFrom(PATHS.login, '/pages/position/contractPosition')} replace />;
  return (
    <div className="screen positions-screen">
      <PageHeader title={t(titleKey ?? 'me.positions')} />
      <div className="positions-tabs" role="tablist">
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className="positions-tab"
            onClick={() => setTab(value)}
            data-testid={`positions-tab-${value}`}
          >
            {value === 'open' ? t('trading.open_positions') : t('trading.closed_positions')}
          </button>
        ))}
      </div>
      <PositionList key={tab} status={tab === 'open' ? 0 : 1} isDemo={isDemo} />
    </div>
  );
}

function PositionList({ status, isDemo }: { status: 0 | 1; isDemo: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pages = usePositionPages(status);
  const live = useLivePositions();
  const actions = usePositionActions();
  const loaded = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const rows = withLiveFigures(loaded.slice(0, POSITIONS_SHOWN_MAX), live.byId);
  const canLoadMore = loaded.length < POSITIONS_SHOWN_MAX;

  return (
    <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'positions')}>
      <div className="screen__body positions-body">
        {isDemo ? (
          <p className="positions-demo" data-testid="positions-demo">
            {t('trading.demo_positions')}
          </p>
        ) : null}
        {status === 0 && rows.length > 0 ? (
          <OpenSummary rows={rows} live={live.totalProfitAndLose} margin={live.totalMargin} />
        ) : null}
        {pages.isPending ? (
          <section className="card positions-skeleton">
            <SkeletonRows rows={3} />
          </section>
        ) : pages.isError ? (
          <section className="card">
            <LoadFailed title={t('trading.load_failed')} onRetry={() => void pages.refetch()} />
          </section>
        ) : rows.length === 0 ? (
          <section className="card">
            <EmptyState
              title={status === 0 ? t('trading.no_open_positions') : t('trading.no_closed_positions')}
              description={status === 0 ? t('trading.no_open_positions_body') : undefined}
            />
          </section>
        ) : (
          <>
            <div className="positions-list" data-testid={status === 0 ? 'open-positions' : 'closed-positions'}>
              {rows.map((position) => (
                <section className="card" key={position.id}>
                  <PositionCard
                    position={position}
                    onClose={status === 0 ? () => actions.close(position) : undefined}
                    onEdit={status === 0 ? () => actions.edit(position) : undefined}
                  />
                </section>
              ))}
            </div>
            {canLoadMore ? (
              <ListState state={listStateOf(pages)} onLoadMore={() => void pages.fetchNextPage()} />
            ) : null}
          </>
        )}
      </div>
      {actions.sheets}
    </Refreshable>
  );
}

/** Open positions in total: floating PnL and margin (live), and close all. */
function OpenSummary({ rows, live, margin }: { rows: Position[]; live: string | null; margin: string | null }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const signed = useSignedMoneyText();
  const sellAll = usePositionSellAll();
  const [confirming, setConfirming] = useState(false);
  const total =
    live ??
    sumDecimals(
      rows.map((row) => row.profitAndLose),
      TOTAL_SCALE,
    );
  const totalMargin =
    margin ??
    sumDecimals(
      rows.map((row) => row.marginAmount),
      TOTAL_SCALE,
    );

  const confirm = async () => {
    try {
      const answer = await sellAll.mutateAsync(undefined);
      const first = answer.skipped[0];
      Toast.show({
        content:
          answer.skipped.length === 0
            ? t('trading.closed_all_toast', { count: answer.closed.length })
            : `${t('trading.closed_some_toast', { count: answer.closed.length, skipped: answer.skipped.length })}${
                first ? ` ${t(first.msg, first.params)}` : ''
              }`,
        duration: CONSTANTS.toastDurationMs,
      });
    } catch {
      // The request layer has shown the refusal.
    }
    setConfirming(false);
  };

  return (
    <section className="card positions-summary" data-testid="positions-summary">
      <div className="positions-summary__figures">
        <div>
          <span className="positions-summary__label">{t('trading.total_floating_pnl')} (USDT)</span>
          <span
            className={`positions-summary__value numeric ${toneOf(total)}`}
            dir="ltr"
            data-testid="positions-total-pnl"
          >
            {signed(total)}
          </span>
        </div>
        <div>
          <span className="positions-summary__label">{t('trading.total_margin')} (USDT)</span>
          <span className="positions-summary__value numeric" dir="ltr">
            {money(totalMargin)}
          </span>
        </div>
      </div>
      <button
        type="button"
        className="k-action tr-button tr-button--small tr-button--dark"
        onClick={() => setConfirming(true)}
        data-testid="positions-close-all"
      >
        {t('trading.close_all')}
      </button>
      <ConfirmSheet
        visible={confirming}
        title={t('trading.close_all_title')}
        facts={[
          { label: t('trading.open_positions'), value: String(rows.length), ltr: true },
          {
            label: t('trading.total_floating_pnl'),
            value: `${signed(total)} USDT`,
            ltr: true,
            tone: toneOf(total),
            strong: true,
          },
        ]}
        note={t('trading.close_all_note')}
        confirmText={t('trading.close_all')}
        confirmTone="danger"
        pending={sellAll.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
        testId="close-all-sheet"
      />
    </section>
  );
}
