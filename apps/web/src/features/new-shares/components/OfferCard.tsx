import type { newShares } from '@kestrel/contract/web';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { productDisplayCode } from '../../../shared/display/product-name';
import { CardHead } from '../../../shared/invest/parts';
import { NavButton } from '../../../shared/ui/NavButton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { MARKET_FILTERS, PHASE_LABELS } from '../lib/labels';
import { offerPath } from '../paths';
import { useQuantityText } from './counts';
import { DemoFundsChip } from './DemoFundsChip';
import { usePriceText } from './price-text';
import { SubscribedBar } from './SubscribedBar';

/** The one date that matters next in an offer's life, by its phase. */
export function NextDate({ offer }: { offer: newShares.NewShareProduct }) {
  const { t } = useTranslation();
  const line = {
    upcoming: t('invest.new_shares.opens_at', { time: ltr(formatDateTime(offer.subscribeStartTime)) }),
    open: t('invest.new_shares.closes_at', { time: ltr(formatDateTime(offer.subscribeEndTime)) }),
    closed: t('invest.new_shares.allocation_at', { time: ltr(formatDateTime(offer.allocationTime)) }),
    allocated: t('invest.new_shares.listing_at', { time: ltr(formatDateTime(offer.listingTime)) }),
    listed: t('invest.new_shares.listed_at', { time: ltr(formatDateTime(offer.listingTime)) }),
  }[offer.phase];
  return <p className="ns-offer__date">{line}</p>;
}

/** An offer's head: its name, code and market, and its phase; on the offer's page (`hero`) the name is the heading. */
export function OfferHead({ offer, hero = false }: { offer: newShares.NewShareProduct; hero?: boolean }) {
  const { t } = useTranslation();
  const phase = PHASE_LABELS[offer.phase];
  const market = MARKET_FILTERS.find((entry) => entry.productType === offer.productType);
  return (
    <CardHead
      name={offer.productName}
      hero={hero}
      line={
        <span className="ns-offer__code">
          <span dir="ltr">{productDisplayCode(offer.productCode)}</span>
          {market?.productType ? ` · ${t(market.key)}` : ''}
        </span>
      }
      chip={
        <StatusChip tone={phase.tone} testId="offer-phase">
          {t(phase.key)}
        </StatusChip>
      }
    />
  );
}

/** An offer in the list: name, code and market, phase, price, lot, supply, how much is subscribed, the next date. */
export function OfferCard({ offer, isDemo }: { offer: newShares.NewShareProduct; isDemo: boolean }) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const quantity = useQuantityText();
  return (
    <li>
      <NavButton to={offerPath(offer.id)} className="card iv-section ns-offer" testId={`offer-${offer.id}`}>
        <OfferHead offer={offer} />
        <dl className="ns-offer__stats">
          <div>
            <dt>{t('invest.new_shares.issue_price')}</dt>
            <dd className="numeric" dir="ltr">
              {priceText(offer.issuePrice, offer.currencyName)}
            </dd>
          </div>
          <div>
            <dt>{t('invest.new_shares.lot_size')}</dt>
            <dd className="numeric">{quantity.shares(offer.lotSize)}</dd>
          </div>
          <div>
            <dt>{t('invest.new_shares.supply')}</dt>
            <dd className="numeric">{quantity.lots(offer.supplyLots)}</dd>
          </div>
        </dl>
        <SubscribedBar offer={offer} />
        <div className="ns-offer__foot">
          <NextDate offer={offer} />
          {isDemo ? <DemoFundsChip allowed={offer.demoAllowed === 1} /> : null}
          <RightOutline className="ns-offer__chevron" aria-hidden="true" />
        </div>
      </NavButton>
    </li>
  );
}
