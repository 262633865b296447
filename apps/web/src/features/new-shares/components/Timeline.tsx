import type { newShares } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/display/date-time';

/** How many of the five steps an offer in each phase has passed. */
const STEPS_DONE: Record<newShares.NewShareProduct['phase'], number> = {
  upcoming: 0,
  open: 1,
  closed: 2,
  allocated: 3,
  listed: 4,
};

/** The offer's life: window opens, closes, allocation, listing, shares unlock (after the lock-up). */
export function Timeline({ offer, now }: { offer: newShares.NewShareProduct; now: number }) {
  const { t } = useTranslation();
  const steps = [
    { label: t('invest.new_shares.step_open'), time: offer.subscribeStartTime },
    { label: t('invest.new_shares.step_close'), time: offer.subscribeEndTime },
    { label: t('invest.new_shares.step_allocation'), time: offer.allocatedTime ?? offer.allocationTime },
    { label: t('invest.new_shares.step_listing'), time: offer.listingTime },
    {
      label:
        offer.lockupDays > 0
          ? t('invest.new_shares.step_unlock', { days: offer.lockupDays })
          : t('invest.new_shares.step_delivery'),
      time: offer.unlockTime,
    },
  ];
  const done = STEPS_DONE[offer.phase] + (offer.phase === 'listed' && now >= offer.unlockTime ? 1 : 0);
  return (
    <section className="card iv-section">
      <h2 className="iv-section__title">{t('invest.new_shares.timeline')}</h2>
      <ol className="ns-timeline" data-testid="timeline">
        {steps.map((step, index) => (
          <li
            key={index}
            className={`ns-timeline__step${index < done ? ' ns-timeline__step--done' : ''}${index === done ? ' ns-timeline__step--next' : ''}`}
          >
            <span className="ns-timeline__dot" aria-hidden="true" />
            <span className="ns-timeline__label">{step.label}</span>
            <span className="ns-timeline__time numeric" dir="ltr">
              {formatDateTime(step.time)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
