import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useIsDemo } from '../../../shared/account/demo';
import { RefreshableCards } from '../../../shared/invest/RefreshableCards';
import { Notice, Page, SkeletonCards } from '../../../shared/invest/parts';
import { useIsLoggedIn } from '../../../shared/store/session';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { NavButton } from '../../../shared/ui/NavButton';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useNewShareList } from '../api/new-share-list';
import { OfferCard } from '../components/OfferCard';
import { MARKET_FILTERS } from '../lib/labels';
import { NEW_SHARES_PATHS } from '../paths';

/** Skeleton cards shaped like offers. */
function OfferSkeletons() {
  return (
    <SkeletonCards count={3} className="ns-offer ns-offer--skeleton">
      <Skeleton width="55%" height={18} />
      <Skeleton width="30%" height={12} />
      <Skeleton height={40} radius={10} />
      <Skeleton height={8} radius={4} />
    </SkeletonCards>
  );
}

/**
 * `/pages/newShares/newShares`: the offers, newest window first, each with its phase (upcoming, open,
 * closed, allocated, listed), terms and how much is subscribed; a market filter kept in `?type=`.
 */
export default function OffersScreen() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const isDemo = useIsDemo();
  const [params, setParams] = useSearchParams();
  const typed = Number(params.get('type'));
  const productType = MARKET_FILTERS.some((entry) => entry.productType === typed) ? typed : undefined;
  const offers = useNewShareList(productType);

  return (
    <Page
      right={
        loggedIn ? (
          <NavButton to={NEW_SHARES_PATHS.history} className="k-link" testId="history-link">
            {t('invest.common.history_short')}
          </NavButton>
        ) : null
      }
    >
      <div className="ns-filters" role="group" aria-label={t('invest.new_shares.market_filter')}>
        {MARKET_FILTERS.map((entry) => (
          <button
            key={entry.key}
            type="button"
            className="k-pill"
            aria-pressed={entry.productType === productType}
            onClick={() => setParams(entry.productType ? { type: String(entry.productType) } : {}, { replace: true })}
            data-testid={`filter-${entry.productType ?? 'all'}`}
          >
            {t(entry.key)}
          </button>
        ))}
      </div>
      {isDemo ? (
        <Notice tone="demo" testId="demo-notice">
          {t('invest.new_shares.demo_notice')}
        </Notice>
      ) : null}
      <RefreshableCards
        query={offers}
        renderCard={(offer) => <OfferCard key={offer.id} offer={offer} isDemo={isDemo} />}
        skeleton={<OfferSkeletons />}
        empty={
          <EmptyState title={t('invest.new_shares.no_offers')} description={t('invest.new_shares.no_offers_hint')} />
        }
        testId="offers"
      />
    </Page>
  );
}
