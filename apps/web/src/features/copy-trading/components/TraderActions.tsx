import { copyTrading } from '@kestrel/contract/web';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginFrom } from '../../../shared/paths';
import { StatusChip } from '../../../shared/ui/StatusChip';
import type { CopyTrader } from '../api/trader-list';
import { searchOf } from '../lib/tabs';
import type { Viewer } from './viewer';

type TraderView = Pick<CopyTrader, 'traderId' | 'status' | 'followingRelationId' | 'isSelf'>;

/** The chips beside a trader's name: me, whom I follow, a trader who stopped publishing. */
export function TraderChips({ trader }: { trader: TraderView }) {
  const { t } = useTranslation();
  return (
    <span className="ct-chips">
      {trader.isSelf ? (
        <StatusChip tone="brand" size="small" testId="trader-self">
          {t('copy.you')}
        </StatusChip>
      ) : null}
      {trader.followingRelationId !== null ? (
        <StatusChip tone="success" size="small" testId="trader-following">
          {t('copy.following')}
        </StatusChip>
      ) : null}
      {trader.status === copyTrading.COPY_TRADER_STATUS.stopped ? (
        <StatusChip tone="neutral" size="small" testId="trader-stopped">
          {t('copy.trader_stopped')}
        </StatusChip>
      ) : null}
    </span>
  );
}

/** A tap on a button inside a tappable card does the button's job only. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/**
 * What I can do about a trader: follow (live account), see my follow of them, or log in first. Nothing
 * for myself (the "You" chip says why) or in a demo session (its notice says why), nor for a trader who
 * stopped publishing.
 */
export function TraderAction({
  trader,
  viewer,
  onFollow,
}: {
  trader: TraderView;
  viewer: Viewer;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (trader.isSelf || viewer === 'demo') return null;
  if (trader.followingRelationId !== null) {
    const relationId = trader.followingRelationId;
    return (
      <button
        type="button"
        className="k-button k-button--soft ct-action"
        onClick={only(() =>
          navigate({ search: new URLSearchParams(searchOf({ tab: 'following', relationId })).toString() }),
        )}
        data-testid="trader-see-follow"
      >
        {t('copy.see_follow')}
      </button>
    );
  }
  if (trader.status === copyTrading.COPY_TRADER_STATUS.stopped) return null;
  if (viewer === 'guest') {
    return (
      <button
        type="button"
        className="k-button k-button--primary ct-action"
        onClick={only(() => navigate(loginFrom(`${location.pathname}${location.search}`)))}
        data-testid="trader-login"
      >
        {t('copy.login_to_follow')}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="k-button k-button--primary ct-action"
      onClick={only(onFollow)}
      data-testid="trader-follow"
    >
      {t('copy.follow')}
    </button>
  );
}
