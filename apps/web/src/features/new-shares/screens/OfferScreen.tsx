import { newShares } from '@kestrel/contract/web';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useIsDemo } from '../../../shared/account/demo';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { idParameter } from '../../../shared/id-parameter';
import { Facts } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { parseScaled, textOf, timesWhole } from '../../../shared/invest/decimals';
import { LoginPrompt, Money, Notice, Page, RecordMissing } from '../../../shared/invest/parts';
import { useIsLoggedIn } from '../../../shared/store/session';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useNewShareDetail } from '../api/new-share-detail';
import { useSubscriptionList } from '../api/subscription-list';
import { AllocationList } from '../components/AllocationList';
import { useCountText, useQuantityText } from '../components/counts';
import { DemoFundsChip } from '../components/DemoFundsChip';
import { FairnessCard } from '../components/FairnessCard';
import { NextDate, OfferHead } from '../components/OfferCard';
import { usePriceText } from '../components/price-text';
import { SubscribeForm } from '../components/SubscribeForm';
import { SubscribedBar } from '../components/SubscribedBar';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { Timeline } from '../components/Timeline';
import { subscriptionBlock } from '../lib/subscription-form';

/**
 * `/pages/newShares/detail?id=`: one offer. Its phase and how much is subscribed; the subscribe form
 * while the window is open (or why it is not); my subscriptions to it and their results; every term;
 * the timeline; the allocation rule in plain words with the seed commitment (and the seed once
 * revealed); after allocation, the public allocation list.
 */
export default function OfferScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idParameter(params.get('id'));
  if (id === null) return <RecordMissing notFound={t('invest.new_shares.offer_not_found')} />;
  return <Offer id={id} />;
}

function OfferSkeleton() {
  return (
    <div className="iv-stack" role="status" aria-busy="true">
      <div className="card iv-section">
        <Skeleton width="60%" height={22} />
        <Skeleton width="35%" height={12} />
        <Skeleton height={8} radius={4} />
      </div>
      <div className="card iv-section">
        <Skeleton height={48} radius={12} />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={48} radius={12} />
      </div>
    </div>
  );
}

function Offer({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useNewShareDetail(id);
  if (detail.isPending) {
    return (
      <Page>
        <OfferSkeleton />
      </Page>
    );
  }
  if (!detail.data || detail.isError) {
    return (
      <RecordMissing
        notFound={t('invest.new_shares.offer_not_found')}
        query={detail}
        notFoundRefusal="error.new_share_not_found"
      />
    );
  }
  return <OfferBody offer={detail.data} />;
}

function OfferBody({ offer }: { offer: newShares.NewShareProduct }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const isDemo = useIsDemo();
  const count = useCountText();
  const quantity = useQuantityText();
  const money = useMoneyText();
  const price = usePriceText();
  const mine = useSubscriptionList(loggedIn ? offer.id : undefined);
  const records = useMemo(
    () => (loggedIn ? (mine.data?.pages.flatMap((page) => page.rows) ?? []) : []),
    [loggedIn, mine.data],
  );
  // The list is filtered by the server; the check keeps another offer's row out should it ever not be.
  const ofThisOffer = records.filter((record) => record.newProductApplyPurchaseId === offer.id);
  const heldLots = ofThisOffer.reduce((sum, record) => sum + record.lots, 0);
  const mineIds = useMemo(() => new Set(ofThisOffer.map((record) => record.id)), [ofThisOffer]);
  const lotPrice = parseScaled(offer.issuePrice);
  const allocatedPhase = offer.phase === 'allocated' || offer.phase === 'listed';

  let action = null;
  if (!loggedIn) {
    if (offer.phase === 'open' || offer.phase === 'upcoming') {
      action = (
        <section className="card iv-section">
          <LoginPrompt message={t('invest.new_shares.login_to_subscribe')} />
        </section>
      );
    }
  } else if (mine.isPending) {
    action =
      offer.phase === 'open' ? (
        <div className="card iv-section">
          <Skeleton height={120} radius={12} />
        </div>
      ) : null;
  } else if (mine.isError) {
    action = (
      <section className="card">
        <LoadFailed variant="plain" onRetry={() => void mine.refetch()} />
      </section>
    );
  } else {
    const block = subscriptionBlock(offer, { heldLots, available: null, isDemo });
    if (!block) action = <SubscribeForm offer={offer} heldLots={heldLots} isDemo={isDemo} />;
    else if (offer.phase === 'upcoming') {
      action = (
        <Notice testId="offer-not-open">
          {t('invest.new_shares.opens_notice', { time: ltr(formatDateTime(offer.subscribeStartTime)) })}
        </Notice>
      );
    } else if (offer.phase === 'closed') {
      action = (
        <Notice testId="offer-not-open">
          {t('invest.new_shares.closed_notice', { time: ltr(formatDateTime(offer.allocationTime)) })}
        </Notice>
      );
    } else if (offer.phase === 'open') {
      action = (
        <Notice tone={block.key === 'error.new_share_demo_not_allowed' ? 'demo' : 'warning'} testId="offer-blocked">
          {t(block.key, block.params)}
        </Notice>
      );
    }
  }

  return (
    <Page>
      <section className="card iv-section ns-hero" data-testid="offer-head">
        <OfferHead offer={offer} hero />
        {offer.description ? (
          <p className="iv-text ns-hero__description" dir="auto">
            {offer.description}
          </p>
        ) : null}
        <SubscribedBar offer={offer} />
        <div className="ns-offer__foot">
          <NextDate offer={offer} />
          {isDemo ? <DemoFundsChip allowed={offer.demoAllowed === 1} /> : null}
        </div>
      </section>

      {action}

      {ofThisOffer.length > 0 ? (
        <section className="iv-stack" data-testid="my-subscriptions">
          <h2 className="ns-heading">{t('invest.new_shares.my_subscriptions_here')}</h2>
          <ul className="k-list iv-list">
            {ofThisOffer.map((record) => (
              <SubscriptionCard key={record.id} record={record} withOffer={false} />
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card iv-section">
        <h2 className="iv-section__title">{t('invest.new_shares.terms')}</h2>
        <Facts
          facts={[
            {
              label: t('invest.new_shares.issue_price'),
              value: <span dir="ltr">{price(offer.issuePrice, offer.currencyName)}</span>,
              testId: 'term-price',
            },
            {
              label: t('invest.new_shares.lot_size'),
              value: t('invest.new_shares.shares_per_lot', { shares: quantity.shares(offer.lotSize) }),
            },
            lotPrice
              ? {
                  label: t('invest.new_shares.lot_cost'),
                  value: (
                    <Money
                      text={money(textOf(timesWhole(lotPrice, offer.lotSize)), offer.currencyName)}
                      demo={isDemo}
                    />
                  ),
                  testId: 'term-lot-cost',
                }
              : null,
            {
              label: t('invest.new_shares.max_per_customer'),
              value: quantity.lots(offer.maxLotsPerCustomer),
            },
            {
              label: t('invest.new_shares.supply'),
              value: t('invest.new_shares.lots_and_shares', {
                lots: quantity.lots(offer.supplyLots),
                shares: quantity.shares(offer.supplyLots * offer.lotSize),
              }),
            },
            {
              label: t('invest.new_shares.subscribed'),
              value: quantity.lots(offer.subscribedLots),
            },
            { label: t('invest.new_shares.subscribers'), value: count(offer.subscriberCount) },
            allocatedPhase
              ? {
                  label: t('invest.new_shares.allocated'),
                  value: quantity.lots(offer.allocatedLots ?? 0),
                }
              : null,
            {
              label: t('invest.new_shares.lockup'),
              value: quantity.days(offer.lockupDays),
            },
            {
              label: t('invest.common.demo_funds'),
              value: offer.demoAllowed === 1 ? t('invest.common.accepted') : t('invest.common.not_accepted'),
            },
          ]}
        />
      </section>

      <Timeline offer={offer} now={Date.now()} />
      <FairnessCard offer={offer} />
      {allocatedPhase ? <AllocationList offer={offer} mine={mineIds} /> : null}
    </Page>
  );
}
