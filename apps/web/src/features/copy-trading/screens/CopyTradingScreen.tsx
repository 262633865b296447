import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { LoginPrompt, Page, SkeletonCards } from '../../../shared/invest/parts';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { TabStrip } from '../../../shared/ui/TabStrip';
import { useFollowedList, type CopyRelation } from '../api/followed-list';
import { useTraderList } from '../api/trader-list';
import { CopiesSheet } from '../components/CopiesSheet';
import { DemoNotice } from '../components/DemoNotice';
import { FollowSheet, type FollowTarget } from '../components/FollowSheet';
import { PublishCard } from '../components/PublishCard';
import { RelationCard } from '../components/RelationCard';
import { TraderCard } from '../components/TraderCard';
import { TraderDetailSheet } from '../components/TraderDetailSheet';
import { UnfollowDialog } from '../components/UnfollowDialog';
import { useViewer, type Viewer } from '../components/viewer';
import { COPY_TABS, copyPlaceOf, searchOf, type CopyPlace, type CopyTab } from '../lib/tabs';
import '../i18n-english';
import './copy-trading.css';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';

const TAB_KEYS: Record<CopyTab, string> = { traders: 'copy.tab_traders', following: 'copy.tab_following' };

/**
 * `/pages/followOrder/followOrder`: copy trading. Two tabs in the address (`?tab=traders|following`):
 * the traders, each with the record the server computed from their closed positions (a tap opens the
 * whole record, `?trader=ID`), and my follows with their copies (`?relation=ID`) and my own "publish my
 * trades" card. Following opens a form in a sheet; unfollowing asks what happens to the open copies.
 * Logged out, the traders show with the way to log in; a demo session sees them with a notice that copy
 * trading belongs to the live account.
 */
export default function CopyTradingScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const place = copyPlaceOf(params);
  const [followTarget, setFollowTarget] = useState<FollowTarget | null>(null);
  const [ending, setEnding] = useState<CopyRelation | null>(null);
  // The follow form belongs to the traders, the unfollow question to my follows: leaving the tab (a tap,
  // the back button) closes them rather than leaving them over the other tab.
  useEffect(() => {
    setFollowTarget(null);
    setEnding(null);
  }, [place.tab]);

  /** Opening a record or a follow's copies is a step the back button undoes; closing one replaces it. */
  const go = (next: Partial<CopyPlace>, replace = false) => setParams(searchOf({ ...place, ...next }), { replace });

  return (
    <Page>
      <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'copyTrading')}>
        <div className="iv-stack">
          {viewer === 'demo' ? <DemoNotice /> : null}
          <TabStrip
            className="k-segmented ct-tabs"
            tabClassName="k-segmented__option"
            tabs={COPY_TABS.map((tab) => ({ id: tab, label: t(TAB_KEYS[tab]), testId: `copy-tab-${tab}` }))}
            value={place.tab}
            onChange={(tab) => setParams(searchOf({ tab }), { replace: true })}
          />
          {place.tab === 'traders' ? (
            <Traders
              viewer={viewer}
              onOpen={(traderId) => go({ traderId })}
              onFollow={setFollowTarget}
              onPublish={() => setParams(searchOf({ tab: 'following' }), { replace: true })}
            />
          ) : (
            <Following
              viewer={viewer}
              onOpen={(relationId) => go({ relationId })}
              onUnfollow={setEnding}
              onSeeTraders={() => setParams(searchOf({ tab: 'traders' }), { replace: true })}
            />
          )}
        </div>
      </Refreshable>
      <TraderDetailSheet
        traderId={place.tab === 'traders' ? place.traderId : null}
        viewer={viewer}
        onClose={() => go({ traderId: null }, true)}
        onFollow={setFollowTarget}
      />
      <FollowedCopies
        relationId={place.tab === 'following' ? place.relationId : null}
        onClose={() => go({ relationId: null }, true)}
      />
      <FollowSheet target={followTarget} onClose={() => setFollowTarget(null)} />
      <UnfollowDialog relation={ending} onClose={() => setEnding(null)} />
    </Page>
  );
}

function Traders({
  viewer,
  onOpen,
  onFollow,
  onPublish,
}: {
  viewer: Viewer;
  onOpen: (traderId: number) => void;
  onFollow: (trader: FollowTarget) => void;
  onPublish: () => void;
}) {
  const { t } = useTranslation();
  const traders = useTraderList();
  return (
    <>
      <p className="iv-hint ct-intro" data-testid="copy-record-note">
        {t('copy.record_note')} {/* Records are made of trades at the market's prices: simulated ones say so. */}
        <SimulatedBadge simulated={traders.data?.pages[0]?.rows[0]?.simulated} />
      </p>
      <PagedCards
        query={traders}
        skeleton={
          <SkeletonCards count={3} className="ct-card">
            <Skeleton width="50%" height={16} />
            <Skeleton width="35%" height={28} />
            <Skeleton height={48} radius={12} />
          </SkeletonCards>
        }
        renderCard={(trader) => (
          <TraderCard
            key={trader.traderId}
            trader={trader}
            viewer={viewer}
            onOpen={() => onOpen(trader.traderId)}
            onFollow={() => onFollow(trader)}
          />
        )}
        empty={
          <EmptyState
            title={t('copy.no_traders')}
            description={t('copy.no_traders_hint')}
            action={
              viewer === 'live' ? (
                <button
                  type="button"
                  className="k-button k-button--primary"
                  onClick={onPublish}
                  data-testid="copy-empty-publish"
                >
                  {t('copy.publish_title')}
                </button>
              ) : undefined
            }
          />
        }
        listClassName="iv-list"
        testId="copy-traders"
      />
    </>
  );
}

function Following({
  viewer,
  onOpen,
  onUnfollow,
  onSeeTraders,
}: {
  viewer: Viewer;
  onOpen: (relationId: number) => void;
  onUnfollow: (relation: CopyRelation) => void;
  onSeeTraders: () => void;
}) {
  const { t } = useTranslation();
  if (viewer === 'guest') {
    return (
      <section className="card iv-section">
        <LoginPrompt message={t('copy.login_follows')} />
      </section>
    );
  }
  // A demo session: the notice above says copy trading belongs to the live account.
  if (viewer === 'demo') return null;
  // My follows first (a skipped copy is news), then my own publishing.
  return (
    <>
      <Follows onOpen={onOpen} onUnfollow={onUnfollow} onSeeTraders={onSeeTraders} />
      <PublishCard />
    </>
  );
}

function Follows({
  onOpen,
  onUnfollow,
  onSeeTraders,
}: {
  onOpen: (relationId: number) => void;
  onUnfollow: (relation: CopyRelation) => void;
  onSeeTraders: () => void;
}) {
  const { t } = useTranslation();
  const follows = useFollowedList();
  return (
    <PagedCards
      query={follows}
      renderCard={(relation) => (
        <RelationCard
          key={relation.relationId}
          relation={relation}
          onOpen={() => onOpen(relation.relationId)}
          onUnfollow={() => onUnfollow(relation)}
        />
      )}
      empty={
        <EmptyState
          title={t('copy.no_follows')}
          description={t('copy.no_follows_hint')}
          action={
            <button
              type="button"
              className="k-button k-button--primary"
              onClick={onSeeTraders}
              data-testid="copy-empty-traders"
            >
              {t('copy.see_traders')}
            </button>
          }
        />
      }
      listClassName="iv-list"
      testId="copy-follows"
    />
  );
}

/** The copies sheet, titled with the trader's name when the follow is among those loaded. */
function FollowedCopies({ relationId, onClose }: { relationId: number | null; onClose: () => void }) {
  const viewer = useViewer();
  const follows = useFollowedList(viewer === 'live');
  const relation = follows.data?.pages.flatMap((page) => page.rows).find((row) => row.relationId === relationId);
  return (
    <CopiesSheet
      relationId={viewer === 'live' ? relationId : null}
      traderName={relation?.traderNickName ?? null}
      onClose={onClose}
    />
  );
}
