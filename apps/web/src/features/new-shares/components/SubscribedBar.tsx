import type { newShares } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { Meter } from '../../../shared/invest/Meter';
import { useCountText } from './counts';

/**
 * How much of the supply is subscribed: a bar (full, in amber, once oversubscribed) and the lots. An
 * oversubscribed offer says how many times over, since that is what decides a customer's chances.
 */
export function SubscribedBar({ offer }: { offer: newShares.NewShareProduct }) {
  const { t } = useTranslation();
  const count = useCountText();
  const supply = Math.max(offer.supplyLots, 0);
  const over = supply > 0 && offer.subscribedLots > supply;
  // Two decimals, cut: 3.209 times reads "3.20".
  const times = supply > 0 ? (Math.floor((offer.subscribedLots / supply) * 100) / 100).toFixed(2) : '0';
  return (
    <div className="ns-bar">
      <Meter
        value={Math.min(offer.subscribedLots, supply)}
        max={supply}
        label={t('invest.new_shares.subscribed')}
        warning={over}
      />
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
