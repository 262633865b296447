import type { AnswerOf, copyTrading } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../../shared/trading/refusal-field';
import type { CopyRelation } from '../api/followed-list';
import { useUnfollow } from '../api/unfollow';
import { isolate } from './texts';

type Outcome = AnswerOf<typeof copyTrading.unfollow>;

/** The dialog's buttons, by key: the two ways to end a follow, cancel, and OK once done. */
const CLOSE = 'close';
const KEEP = 'keep';
const CANCEL = 'cancel';
const DONE = 'done';

/**
 * Ending a follow: no new trade is copied, and the customer chooses what happens to the open copies,
 * closed now at the live price or kept as their own positions (or cancels). The answer then says what
 * was closed and kept, and names each copy that could not close now with the reason (it stays open as
 * the customer's own). A refusal shows in the dialog, which stays open to try again.
 */
export function UnfollowDialog({ relation, onClose }: { relation: CopyRelation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const unfollow = useUnfollow();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    if (unfollow.isPending) return;
    setOutcome(null);
    setRefusal(null);
    onClose();
  };

  const end = async (closePositions: 0 | 1) => {
    if (!relation) return;
    setRefusal(null);
    try {
      setOutcome(await unfollow.mutateAsync({ relationId: relation.relationId, closePositions }));
    } catch (error) {
      // The request layer has toasted it; it also stays here, beside the choices.
      const refused = refusalOf(error);
      setRefusal(refused ? t(refused.key, refused.params) : t('common.load_failed'));
    }
  };

  const name = isolate(relation?.traderNickName ?? '');
  const busy = unfollow.isPending;
  return (
    <Dialog
      visible={relation !== null}
      title={<span dir="auto">{t(outcome ? 'copy.unfollowed_title' : 'copy.unfollow_title', { name })}</span>}
      content={
        outcome ? (
          <UnfollowOutcome outcome={outcome} />
        ) : (
          <div className="ct-dialog" data-testid="unfollow-dialog">
            <p>{t('copy.unfollow_body', { name })}</p>
            <p>{t('copy.unfollow_choice', { n: relation?.openCount ?? 0 })}</p>
            {refusal ? (
              <p className="k-field-error" role="alert" data-testid="unfollow-refusal">
                {refusal}
              </p>
            ) : null}
          </div>
        )
      }
      closeOnAction={false}
      closeOnMaskClick={!busy}
      onClose={close}
      actions={
        outcome
          ? [{ key: DONE, text: t('common.done'), bold: true }]
          : [
              { key: CLOSE, text: t('copy.unfollow_close'), disabled: busy, danger: true },
              { key: KEEP, text: t('copy.unfollow_keep'), disabled: busy, bold: true },
              { key: CANCEL, text: t('common.cancel'), disabled: busy },
            ]
      }
      onAction={(action) => {
        if (action.key === CLOSE) return end(1);
        if (action.key === KEEP) return end(0);
        close();
      }}
    />
  );
}

/** What ending the follow did to its open copies. */
function UnfollowOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const nothingOpen = outcome.closedCount === 0 && outcome.keptCount === 0 && outcome.notClosed.length === 0;
  return (
    <div className="ct-dialog" data-testid="unfollow-outcome">
      {nothingOpen ? <p>{t('copy.unfollowed_nothing_open')}</p> : null}
      {outcome.closedCount > 0 ? (
        <p data-testid="unfollow-closed">{t('copy.unfollowed_closed', { n: outcome.closedCount })}</p>
      ) : null}
      {outcome.keptCount > 0 ? (
        <p data-testid="unfollow-kept">{t('copy.unfollowed_kept', { n: outcome.keptCount })}</p>
      ) : null}
      {outcome.notClosed.length > 0 ? (
        <>
          <p>{t('copy.unfollowed_not_closed')}</p>
          <ul className="ct-dialog__list" data-testid="unfollow-not-closed">
            {outcome.notClosed.map((item) => (
              <li key={item.positionId}>
                <span className="numeric" dir="ltr">
                  #{item.positionId}
                </span>{' '}
                {t(item.msg)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
