import { useTranslation } from 'react-i18next';
import type { TraderDetail } from '../api/trader-detail';
import { formatDateTime } from '../../../shared/display/date-time';
import { DirectionTag } from './DirectionTag';
import { SignedPnl } from './SignedPnl';
import { useCopyFigures } from './texts';

type ClosedPosition = TraderDetail['recentClosed'][number];

/** One of a trader's last closed positions: product, long or short and leverage, open → close, net PnL, when. */
export function ClosedPositionRow({ position }: { position: ClosedPosition }) {
  const { t } = useTranslation();
  const figures = useCopyFigures();
  return (
    <li className="ct-row" data-testid="closed-position">
      <div className="ct-row__line">
        <span className="ct-row__name" dir="auto">
          {position.productName}
        </span>
        <SignedPnl value={position.netPnl} className="ct-row__pnl numeric" testId="closed-pnl" />
      </div>
      <div className="ct-row__line ct-row__line--minor">
        <DirectionTag direction={position.direction} leverage={position.leverage} />
        <span className="numeric" dir="ltr" data-testid="closed-prices">
          {figures.price(position.openPrice)} → {figures.price(position.closePrice)}
        </span>
      </div>
      <div className="ct-row__line ct-row__line--minor">
        <span>{t('copy.closed_at')}</span>
        <span className="numeric" dir="ltr">
          {formatDateTime(position.closeTime)}
        </span>
      </div>
    </li>
  );
}
