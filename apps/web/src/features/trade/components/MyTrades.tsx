import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useOpenPositions } from '../../../shared/trading/api/position-list';
import { useLivePositions, withLiveFigures } from '../../../shared/trading/live-positions';
import { PositionCard } from '../../../shared/trading/PositionCard';
import { usePositionActions } from '../../../shared/trading/use-position-actions';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useRecentFastTrades } from '../api/fast-trade-list';
import type { TradeMode } from '../lib/trade-modes';
import type { TradeContext } from '../use-trade-context';
import { FastTradeTicket } from './FastTradeTicket';
import { SpotHoldingsList } from './SpotHoldingsList';

export const POSITIONS_PATH = '/pages/position/contractPosition';

/**
 * The customer's own trades in this product, under the forms: open contract positions with live PnL
 * (close, edit TP/SL), spot holdings (sell), or recent fast trades (countdown, result).
 */
export function MyTrades({ mode, context }: { mode: TradeMode; context: TradeContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!context.loggedIn) return null;
  const title =
    mode === 'contract'
      ? t('trading.my_positions')
      : mode === 'spot'
        ? t('trading.my_holdings')
        : t('trading.my_fast_trades');
  return (
    <section className="card tf-mine" data-testid="my-trades">
      <div className="tf-mine__head">
        <h2 className="tf-mine__title">{title}</h2>
        {mode === 'contract' ? (
          <button
            type="button"
            className="k-link tf-link"
            onClick={() => navigate(POSITIONS_PATH)}
            data-testid="all-positions"
          >
            {t('trading.all_positions')}
            <RightOutline className="m-direction-flip" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {mode === 'contract' ? (
        <ProductPositions productCode={context.product.productCode} />
      ) : mode === 'spot' ? (
        <SpotHoldingsList context={context} />
      ) : (
        <RecentFastTrades productCode={context.product.productCode} />
      )}
    </section>
  );
}

function ProductPositions({ productCode }: { productCode: string }) {
  const { t } = useTranslation();
  const positions = useOpenPositions(productCode);
  const live = useLivePositions();
  const actions = usePositionActions();
  if (positions.isPending) return <SkeletonRows rows={2} />;
  const rows = withLiveFigures(positions.data?.rows ?? [], live.byId);
  if (rows.length === 0) return <EmptyState title={t('trading.no_open_positions')} />;
  return (
    <>
      <div className="tf-mine__list" data-testid="trade-positions">
        {rows.map((position) => (
          <PositionCard
            key={position.id}
            position={position}
            compact
            onClose={() => actions.close(position)}
            onEdit={() => actions.edit(position)}
          />
        ))}
      </div>
      {actions.sheets}
    </>
  );
}

function RecentFastTrades({ productCode }: { productCode: string }) {
  const { t } = useTranslation();
  const recent = useRecentFastTrades(productCode);
  if (recent.isPending) return <SkeletonRows rows={2} />;
  const rows = recent.data?.rows ?? [];
  if (rows.length === 0) return <EmptyState title={t('trading.no_fast_trades')} />;
  return (
    <div className="tf-mine__list" data-testid="recent-fast-trades">
      {rows.map((order) => (
        <FastTradeTicket key={order.id} order={order} compact />
      ))}
    </div>
  );
}
