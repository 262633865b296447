import type { newShares } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useCountText } from './counts';

/**
 * How much of the supply is subscribed: a bar (full, in amber, once oversubscribed) and the lots. An
 * oversubscribed offer says how many times over, since that is what decides a customer's chances.
 */
export function SubscribedBar({ offer }: { offer: newShares.NewShareProduct }) {
  const { t } = useTranslation();
  const count = useCountText();
  const supply = Math.max(offer.supplyLots, 0);
  const share = supply > 0 ? Math.min(offer.subscribedLots / supply, 1) : 0;
  const over = supply > 0 && offer.subscribedLots > supply;
  // Two decimals, cut: 3.209 times reads "3.20".
  const times = supply > 0 ? (Math.floor((offer.subscribedLots / supply) * 100) / 100).toFixed(2) : '0';
  return (
    <div className="ns-bar">
      <div
        className="ns-bar__track"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={supply}
        aria-valuenow={Math.min(offer.subscribedLots, supply)}
        aria-label={t('invest.new_shares.subscribed')}
      >
        <span className={`ns-bar__fill${over ? ' ns-bar__fill--over' : ''}`} style={{ width: `${share * 100}%` }} />
      </div>
      <p className="ns-bar__text">
        <span>
          {t('invest.new_shares.subscribed_of_supply', {
            subscribed: count(offer.subscribedLots),
            supply: count(offer.supplyLots),
          })}
        </span>
        {over ? (
          <span className="ns-bar__over" data-testid="oversubscribed">
            {t('invest.new_shares.oversubscribed', { times })}
          </span>
        ) : null}
      </p>
    </div>
  );
}
