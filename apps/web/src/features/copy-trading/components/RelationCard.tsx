import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { Facts } from '../../../shared/invest/Facts';
import { StatusChip } from '../../../shared/ui/StatusChip';
import type { CopyRelation } from '../api/followed-list';
import { initialOf, ratioText } from '../lib/record';
import { isActiveRelation, relationStatusKey, sizeOf } from '../lib/relation';
import { DirectionTag } from './DirectionTag';
import { SignedPnl } from './SignedPnl';
import { useSkipReason } from './SkipReason';
import { useCopyFigures } from './texts';

/**
 * A date and its time kept whole (no-break hyphens and space) when the line under the name wraps:
 * Chromium otherwise breaks "2026-11-17" after a hyphen inside an Arabic sentence.
 */
const unbroken = (text: string): string => text.replace(/-/g, '\u2011').replace(' ', '\u00a0');

/** A tap on a button inside the tappable card does the button's job only. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/**
 * One of my follows: the trader, active or why it ended, what it has made (net realized PnL, coloured)
 * and shared with the trader, its size and limits, how many copies are open and how many were skipped,
 * and, prominently, the last copy that was skipped and why. A tap opens its copies; an active follow
 * can be ended.
 */
export function RelationCard({
  relation,
  onOpen,
  onUnfollow,
}: {
  relation: CopyRelation;
  onOpen: () => void;
  onUnfollow: () => void;
}) {
  const { t } = useTranslation();
  const figures = useCopyFigures();
  const active = isActiveRelation(relation);
  const size = sizeOf(relation);
  return (
    <li
      className="card ct-card"
      data-testid="relation-card"
      data-relation-id={relation.relationId}
      data-active={active}
      onClick={onOpen}
    >
      <div className="k-person-head">
        <span className="k-person-badge" aria-hidden="true">
          {initialOf(relation.traderNickName)}
        </span>
        <div className="k-person-names">
          <button type="button" className="ct-card__name" dir="auto" data-testid="relation-trader">
            {relation.traderNickName}
          </button>
          <span className="ct-card__line">
            {active
              ? t('copy.since', { date: ltr(unbroken(formatDateTime(relation.createTime))) })
              : t('copy.ended_on', { date: ltr(unbroken(formatDateTime(relation.endTime))) })}
          </span>
        </div>
        <StatusChip tone={active ? 'success' : 'neutral'} size="small" testId="relation-status">
          {t(relationStatusKey(relation))}
        </StatusChip>
      </div>
      <div className="ct-hero">
        <span className="ct-hero__label">{t('copy.realized_pnl')}</span>
        <SignedPnl value={relation.realizedPnl} className="ct-hero__value numeric" testId="relation-pnl" />
      </div>
      <Facts
        facts={[
          {
            label: t('copy.size'),
            value:
              size.mode === 'fixed'
                ? t('copy.size_fixed', { amount: ltr(figures.usdt(size.amount)) })
                : t('copy.size_ratio', { ratio: ltr(ratioText(size.ratio)) }),
            testId: 'relation-size',
          },
          { label: t('copy.max_open'), value: figures.count(relation.maxOpenOrders), testId: 'relation-max-open' },
          {
            label: t('copy.stop_loss'),
            value: relation.stopLossAmount ? (
              <span dir="ltr">{figures.usdt(relation.stopLossAmount)}</span>
            ) : (
              t('copy.none')
            ),
            testId: 'relation-stop-loss',
          },
          {
            label: t('copy.profit_shared'),
            value: <span dir="ltr">{figures.usdt(relation.profitShared)}</span>,
            testId: 'relation-shared',
          },
          { label: t('copy.open_copies'), value: figures.count(relation.openCount), testId: 'relation-open' },
          { label: t('copy.skipped_copies'), value: figures.count(relation.skippedCount), testId: 'relation-skipped' },
        ]}
      />
      {relation.lastSkipped ? <LastSkipped order={relation.lastSkipped} /> : null}
      <div className="ct-card__foot">
        <button type="button" className="k-link" onClick={only(onOpen)} data-testid="relation-see-copies">
          {t('copy.see_copies')}
        </button>
        {active ? (
          <button
            type="button"
            className="k-button ct-action ct-action--danger"
            onClick={only(onUnfollow)}
            data-testid="relation-unfollow"
          >
            {t('copy.unfollow')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The last trade that was not copied, where the customer cannot miss it, with the reason in words. */
function LastSkipped({ order }: { order: NonNullable<CopyRelation['lastSkipped']> }) {
  const { t } = useTranslation();
  const reason = useSkipReason()(order);
  return (
    <div className="ct-skipped" role="note" data-testid="relation-last-skipped">
      <p className="ct-skipped__title">{t('copy.last_skipped')}</p>
      <p className="ct-skipped__what">
        <span dir="auto">{order.productName}</span>
        <DirectionTag direction={order.direction} leverage={order.leverage} />
        <span className="numeric" dir="ltr">
          {formatDateTime(order.createTime)}
        </span>
      </p>
      {reason ? (
        <p className="ct-skipped__reason" data-testid="relation-skip-reason">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
