import { useTranslation } from 'react-i18next';
import type { CopyTrader } from '../api/trader-list';
import { shareText, toneOf } from '../lib/record';
import { FigureGrid, ReturnValue } from './RecordParts';
import { useCopyFigures } from './texts';

/**
 * A trader's record as a card shows it: the 30-day return large, then realized PnL and maximum
 * drawdown, then win rate, followers and closed trades. The list's card and "Publish my trades" show
 * the same block; `idPrefix` keeps their test ids apart.
 */
export function TraderRecordSummary({ trader, idPrefix = '' }: { trader: CopyTrader; idPrefix?: string }) {
  const { t } = useTranslation();
  const figures = useCopyFigures();
  return (
    <>
      <div className="ct-hero">
        <span className="ct-hero__label">{t('copy.return_30d')}</span>
        <ReturnValue
          fraction={trader.return30d}
          className="ct-hero__value"
          testId={idPrefix ? `${idPrefix}return30d` : 'trader-return30d'}
        />
      </div>
      <FigureGrid
        columns={2}
        figures={[
          {
            id: `${idPrefix}pnl`,
            label: t('copy.realized_pnl'),
            value: figures.signedUsdt(trader.realizedPnl),
            tone: toneOf(trader.realizedPnl),
          },
          { id: `${idPrefix}drawdown`, label: t('copy.max_drawdown'), value: figures.usdt(trader.maxDrawdown) },
        ]}
      />
      <FigureGrid
        columns={3}
        figures={[
          { id: `${idPrefix}win-rate`, label: t('copy.win_rate'), value: shareText(trader.winRate) },
          { id: `${idPrefix}followers`, label: t('copy.followers'), value: figures.count(trader.followerCount) },
          { id: `${idPrefix}closed`, label: t('copy.closed_trades'), value: figures.count(trader.closedCount) },
        ]}
      />
    </>
  );
}
