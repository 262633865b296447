import { CONSTANTS, copyTrading, type AnswerOf } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { ActionButton } from '../../../shared/ui/Buttons';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useBecomeTrader } from '../api/become-trader';
import { useMyTrader } from '../api/my-trader';
import { useStopTrader } from '../api/stop-trader';
import { shareText } from '../lib/record';
import { TraderRecordSummary } from './TraderRecordSummary';

type MyTrader = NonNullable<AnswerOf<typeof copyTrading.myTrader>>;

/**
 * "Publish my trades": before opting in, what it means (my own contract positions are copied to my
 * followers, I receive the profit share, my record is public) and the button; while publishing, my
 * record as followers see it and the way to stop (followers keep their open copies). The live account
 * only: the screen does not show it to a demo session or a visitor.
 */
export function PublishCard() {
  const { t } = useTranslation();
  const mine = useMyTrader();
  if (mine.isPending) {
    return (
      <section className="card iv-section" role="status" aria-busy="true">
        <Skeleton width="45%" height={16} />
        <Skeleton height={48} radius={12} />
      </section>
    );
  }
  if (mine.isError) {
    return (
      <section className="card">
        <LoadFailed title={t('copy.publish_title')} onRetry={() => void mine.refetch()} />
      </section>
    );
  }
  const trader = mine.data;
  return trader && trader.status === copyTrading.COPY_TRADER_STATUS.active ? (
    <Publishing trader={trader} />
  ) : (
    <NotPublishing stopped={trader !== null} />
  );
}

function NotPublishing({ stopped }: { stopped: boolean }) {
  const { t } = useTranslation();
  const become = useBecomeTrader();
  const start = async () => {
    try {
      await become.mutateAsync({});
      Toast.show({ content: t('copy.published_toast'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // The request layer has said why; the card refreshes to what is true now.
    }
  };
  return (
    <section className="card iv-section" data-testid="publish-card" data-state={stopped ? 'stopped' : 'none'}>
      <div className="iv-section__head">
        <h2 className="iv-section__title">{t('copy.publish_title')}</h2>
        {stopped ? (
          <StatusChip tone="neutral" size="small">
            {t('copy.not_publishing')}
          </StatusChip>
        ) : null}
      </div>
      <ul className="ct-points">
        <li>{t('copy.publish_point_copied')}</li>
        <li>{t('copy.publish_point_share', { rate: ltr(shareText(copyTrading.COPY_PROFIT_SHARE_RATE)) })}</li>
        <li>{t('copy.publish_point_public')}</li>
      </ul>
      <ActionButton onClick={() => void start()} loading={become.isPending} testId="publish-start">
        {t(stopped ? 'copy.publish_again' : 'copy.publish_start')}
      </ActionButton>
    </section>
  );
}

function Publishing({ trader }: { trader: MyTrader }) {
  const { t } = useTranslation();
  const stopTrader = useStopTrader();
  const stop = async () => {
    const confirmed = await Dialog.confirm({
      title: t('copy.stop_title'),
      content: t('copy.stop_body'),
      confirmText: t('copy.stop_publishing'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await stopTrader.mutateAsync({});
      Toast.show({ content: t('copy.stopped_toast'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // The request layer has said why; the card refreshes to what is true now.
    }
  };
  return (
    <section className="card iv-section" data-testid="publish-card" data-state="active">
      <div className="iv-section__head">
        <h2 className="iv-section__title">{t('copy.publish_title')}</h2>
        <StatusChip tone="success" size="small" testId="publish-active">
          {t('copy.publishing')}
        </StatusChip>
      </div>
      <TraderRecordSummary trader={trader} idPrefix="mine-" />
      <p className="iv-hint">{t('copy.publishing_note', { rate: ltr(shareText(trader.profitShareRate)) })}</p>
      <ActionButton tone="outline" onClick={() => void stop()} loading={stopTrader.isPending} testId="publish-stop">
        {t('copy.stop_publishing')}
      </ActionButton>
    </section>
  );
}
