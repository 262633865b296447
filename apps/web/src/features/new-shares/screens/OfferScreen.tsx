import { newShares } from '@kestrel/contract/web';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { productDisplayCode } from '../../../shared/display/product-name';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useNewShareDetail } from '../api/new-share-detail';
import { useSubscriptionList } from '../api/subscription-list';
import { AllocationList } from '../components/AllocationList';
import { useCountText, useQuantityText } from '../components/counts';
import { ltr } from '../lib/bidi';
import { DemoFundsChip } from '../components/DemoFundsChip';
import { Facts } from '../components/Facts';
import { FairnessCard } from '../components/FairnessCard';
import { NextDate } from '../components/OfferCard';
import { LoginPrompt, Money, Notice, Page, useIsDemo, useMoneyText, usePriceText } from '../components/parts';
import { SubscribeForm } from '../components/SubscribeForm';
import { SubscribedBar } from '../components/SubscribedBar';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { Timeline } from '../components/Timeline';
import { formatDateTime } from '../lib/dates';
import { parseScaled, textOf, timesWhole } from '../lib/decimals';
import { MARKET_FILTERS, PHASE_LABELS } from '../lib/labels';
import { subscriptionBlock } from '../lib/subscription-form';
import { refusalOf } from '../lib/refusal';
import { idParameter } from '../paths';

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
  if (id === null) {
    return (
      <Page>
        <div className="card">
          <EmptyState title={t('invest.new_shares.offer_not_found')} />
        </div>
      </Page>
    );
  }
  return <Offer id={id} />;
}

function OfferSkeleton() {
  return (
    <div className="ns-stack" role="status" aria-busy="true">
      <div className="card ns-section">
        <Skeleton width="60%" height={22} />
        <Skeleton width="35%" height={12} />
        <Skeleton height={8} radius={4} />
      </div>
      <div className="card ns-section">
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
  // A refusal that it does not exist is an answer, not a failure to retry.
  if (detail.isError && refusalOf(detail.error)?.key !== 'error.new_share_not_found') {
    return (
      <Page>
        <div className="card">
          <LoadFailed onRetry={() => void detail.refetch()} />
        </div>
      </Page>
    );
  }
  if (!detail.data || detail.isError) {
    return (
      <Page>
        <div className="card">
          <EmptyState title={t('invest.new_shares.offer_not_found')} />
        </div>
      </Page>
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
  const phase = PHASE_LABELS[offer.phase];
  const market = MARKET_FILTERS.find((entry) => entry.productType === offer.productType);
  const lotPrice = parseScaled(offer.issuePrice);
  const allocatedPhase = offer.phase === 'allocated' || offer.phase === 'listed';

  let action = null;
  if (!loggedIn) {
    if (offer.phase === 'open' || offer.phase === 'upcoming') {
      action = (
        <section className="card ns-section">
          <LoginPrompt message={t('invest.new_shares.login_to_subscribe')} />
        </section>
      );
    }
  } else if (mine.isPending) {
    action =
      offer.phase === 'open' ? (
        <div className="card ns-section">
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
      <section className="card ns-section ns-hero" data-testid="offer-head">
        <div className="ns-offer__head">
          <div className="ns-offer__names">
            <h2 className="ns-hero__name" dir="auto">
              {offer.productName}
            </h2>
            <span className="ns-offer__code">
              <span dir="ltr">{productDisplayCode(offer.productCode)}</span>
              {market?.productType ? ` · ${t(market.key)}` : ''}
            </span>
          </div>
          <StatusChip tone={phase.tone} testId="offer-phase">
            {t(phase.key)}
          </StatusChip>
        </div>
        {offer.description ? (
          <p className="ns-text ns-hero__description" dir="auto">
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
        <section className="ns-stack" data-testid="my-subscriptions">
          <h2 className="ns-heading">{t('invest.new_shares.my_subscriptions_here')}</h2>
          <ul className="k-list ns-list">
            {ofThisOffer.map((record) => (
              <SubscriptionCard key={record.id} record={record} withOffer={false} />
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card ns-section">
        <h2 className="ns-section__title">{t('invest.new_shares.terms')}</h2>
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
