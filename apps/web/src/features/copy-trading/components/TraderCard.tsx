import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import type { CopyTrader } from '../api/trader-list';
import { initialOf, shareText } from '../lib/record';
import { TraderAction, TraderChips } from './TraderActions';
import { TraderRecordSummary } from './TraderRecordSummary';
import type { Viewer } from './viewer';

/**
 * A trader in the list: the name, the 30-day return large and coloured, then the record the server
 * computed from their closed positions (realized PnL, maximum drawdown, win rate, followers, closed
 * trades) and the profit share they receive; a tap anywhere opens the whole record.
 */
export function TraderCard({
  trader,
  viewer,
  onOpen,
  onFollow,
}: {
  trader: CopyTrader;
  viewer: Viewer;
  onOpen: () => void;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="card ct-card" data-testid="trader-card" data-trader-id={trader.traderId} onClick={onOpen}>
      <div className="k-person-head">
        <span className="k-person-badge" aria-hidden="true">
          {initialOf(trader.nickName)}
        </span>
        {/* The name is the card's button for keyboards and screen readers; its click opens the card. */}
        <button type="button" className="ct-card__name" dir="auto" data-testid="trader-name">
          {trader.nickName}
        </button>
        <TraderChips trader={trader} />
      </div>
      <TraderRecordSummary trader={trader} />
      <div className="ct-card__foot">
        <span className="ct-card__note" data-testid="trader-share">
          {t('copy.profit_share_line', { rate: ltr(shareText(trader.profitShareRate)) })}
        </span>
        <TraderAction trader={trader} viewer={viewer} onFollow={onFollow} />
      </div>
    </li>
  );
}
