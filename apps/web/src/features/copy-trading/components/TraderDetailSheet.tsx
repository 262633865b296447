import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { SheetHeader } from '../../../shared/ui/PageHeader';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useTraderDetail, type TraderDetail } from '../api/trader-detail';
import { shareText } from '../lib/record';
import { ClosedPositionRow } from './ClosedPositionRow';
import { ReturnValue } from './RecordParts';
import { SignedPnl } from './SignedPnl';
import { TraderAction, TraderChips } from './TraderActions';
import { useCopyFigures } from './texts';
import type { Viewer } from './viewer';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';

/**
 * A trader's whole record in a sheet over the list (`?trader=ID`, so the back button closes it): the
 * 7, 30 and 90-day returns, realized PnL, drawdown, win rate, followers, closed and open positions, the
 * profit share, and their last closed positions, with the line that says the record is computed from
 * those positions and not typed by anyone.
 */
export function TraderDetailSheet({
  traderId,
  viewer,
  onClose,
  onFollow,
}: {
  traderId: number | null;
  viewer: Viewer;
  onClose: () => void;
  onFollow: (trader: TraderDetail) => void;
}) {
  const { t } = useTranslation();
  const detail = useTraderDetail(traderId);
  const trader = detail.data;
  return (
    <Popup
      visible={traderId !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="k-sheet ct-sheet"
      destroyOnClose
    >
      <div
        className="ct-sheet__content"
        role="dialog"
        aria-label={trader?.nickName ?? t('copy.trader')}
        data-testid="trader-detail"
      >
        <SheetHeader
          title={
            <span className="ct-sheet__title" dir="auto">
              {trader?.nickName ?? t('copy.trader')}
            </span>
          }
          onClose={onClose}
          closeIcon={<CloseOutline />}
        />
        <div className="ct-sheet__body">
          {detail.isPending ? (
            <div className="ct-stack" role="status" aria-busy="true">
              <Skeleton height={64} radius={12} />
              <Skeleton width="70%" height={14} />
              <Skeleton height={120} radius={12} />
            </div>
          ) : detail.isError ? (
            refusalOf(detail.error)?.key === 'error.copy_trader_not_found' ? (
              <EmptyState title={t('copy.trader_missing')} />
            ) : (
              <LoadFailed onRetry={() => void detail.refetch()} />
            )
          ) : (
            <TraderRecord trader={detail.data} viewer={viewer} onFollow={() => onFollow(detail.data)} />
          )}
        </div>
      </div>
    </Popup>
  );
}

function TraderRecord({ trader, viewer, onFollow }: { trader: TraderDetail; viewer: Viewer; onFollow: () => void }) {
  const { t } = useTranslation();
  const figures = useCopyFigures();
  const returns = [
    { id: '7d', label: t('copy.return_7d'), fraction: trader.return7d },
    { id: '30d', label: t('copy.return_30d'), fraction: trader.return30d },
    { id: '90d', label: t('copy.return_90d'), fraction: trader.return90d },
  ];
  return (
    <>
      <TraderChips trader={trader} />
      <dl className="ct-returns" data-testid="detail-returns">
        {returns.map((entry) => (
          <div className="ct-returns__item" key={entry.id}>
            <dt>{entry.label}</dt>
            <dd>
              <ReturnValue fraction={entry.fraction} testId={`detail-return${entry.id}`} />
            </dd>
          </div>
        ))}
      </dl>
      <Facts
        facts={[
          {
            label: t('copy.realized_pnl'),
            value: <SignedPnl value={trader.realizedPnl} />,
            testId: 'detail-pnl',
          },
          {
            label: t('copy.max_drawdown'),
            value: <span dir="ltr">{figures.usdt(trader.maxDrawdown)}</span>,
            testId: 'detail-drawdown',
          },
          {
            label: t('copy.win_rate'),
            value: <span dir="ltr">{shareText(trader.winRate)}</span>,
            testId: 'detail-win-rate',
          },
          { label: t('copy.followers'), value: figures.count(trader.followerCount), testId: 'detail-followers' },
          { label: t('copy.closed_trades'), value: figures.count(trader.closedCount), testId: 'detail-closed' },
          { label: t('copy.open_positions'), value: figures.count(trader.openPositionCount), testId: 'detail-open' },
          {
            label: t('copy.profit_share'),
            value: <span dir="ltr">{shareText(trader.profitShareRate)}</span>,
            testId: 'detail-share',
          },
          { label: t('copy.publishing_since'), value: <span dir="ltr">{formatDateTime(trader.createTime)}</span> },
        ]}
      />
      <p className="iv-hint" data-testid="detail-record-note">
        {t('copy.record_note')} <SimulatedBadge simulated={trader.simulated} />
      </p>
      <section className="ct-stack" aria-labelledby="trader-recent-title">
        <h3 className="ct-subtitle" id="trader-recent-title">
          {t('copy.recent_closed')}
        </h3>
        {trader.recentClosed.length === 0 ? (
          <p className="iv-text">{t('copy.no_recent_closed')}</p>
        ) : (
          <ul className="k-list ct-rows" data-testid="detail-recent">
            {trader.recentClosed.map((position, index) => (
              <ClosedPositionRow key={`${position.closeTime}-${index}`} position={position} />
            ))}
          </ul>
        )}
      </section>
      <div className="ct-sheet__foot">
        <span className="ct-card__note">
          {t('copy.profit_share_line', { rate: ltr(shareText(trader.profitShareRate)) })}
        </span>
        <TraderAction trader={trader} viewer={viewer} onFollow={onFollow} />
      </div>
    </>
  );
}
