import { lazy, memo, Suspense } from 'react';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useOpenProduct } from '../../../shared/use-open-product';
import type { HomeModuleId } from '../compositions';
import { rankProducts } from '../rankings';
import type { HomeProducts } from '../use-home-products';
import { HomeBanners } from './HomeBanners';
import { HomeQuotes } from './HomeQuotes';
import { NoticeBar } from './NoticeBar';
import { QuickEntries } from './QuickEntries';
import { WelcomeHero } from './WelcomeHero';

// home-d's modules above the fold are in the screen's chunk (the first screen's budget, scripts/size.mjs);
// everything else loads after the screen, each with its own chunk, behind a skeleton of its size.
const NewsWidget = lazy(() =>
  import('../../../shared/widgets/NewsWidget').then((module) => ({ default: module.NewsWidget })),
);
const AssetSummaryWidget = lazy(() =>
  import('../../../shared/widgets/AssetSummaryWidget').then((module) => ({ default: module.AssetSummaryWidget })),
);
const QuoteListWidget = lazy(() =>
  import('../../../shared/widgets/QuoteListWidget').then((module) => ({ default: module.QuoteListWidget })),
);
// Given ranked products, not the ranking code, so their chunks import nothing from this screen's chunk
// (which keeps HomeScreen.tsx its own entry in the build manifest, where scripts/size.mjs finds it).
const RankingTiles = lazy(() => import('./RankingTiles'));
const TopMovers = lazy(() => import('./TopMovers'));

/** Notices in the news strip; "All" opens the notify list. */
const NEWS_COUNT = 3;
/** Notices when news leads the layout. */
const NEWS_FEED_COUNT = 6;
/** Rows per market in a layout's quote list; "All quotes" opens the markets tab. */
const QUOTE_LIST_ROWS = 6;
/** Products per ranking as tiles (the quotes card has the full top 10), and gainers in the spotlight. */
const TOP_COUNT = 3;

/** One module of a home layout (features/home/compositions.ts), wrapped so tests and styles can find it. */
export function HomeModule({ id, products }: { id: HomeModuleId; products: HomeProducts }) {
  return (
    <div className="home-module" data-module={id}>
      <ModuleContent id={id} products={products} />
    </div>
  );
}

/** The modules drawn from the home products, which follow the market; the others do not. */
const PRODUCT_MODULES: ReadonlySet<HomeModuleId> = new Set(['quotes', 'rankings', 'spotlight']);

// The screen holds the live products, so it draws again on each market refresh (and as its queries
// answer): a module that does not show them keeps what it drew instead of redrawing with it.
const ModuleContent = memo(
  function ModuleContent({ id, products }: { id: HomeModuleId; products: HomeProducts }) {
    return <ModuleBody id={id} products={products} />;
  },
  (before, after) => before.id === after.id && (!PRODUCT_MODULES.has(after.id) || before.products === after.products),
);

function ModuleBody({ id, products }: { id: HomeModuleId; products: HomeProducts }) {
  const open = useOpenProduct();
  switch (id) {
    case 'welcome':
      return <WelcomeHero />;
    case 'banners':
      return <HomeBanners />;
    case 'notice':
      return <NoticeBar />;
    case 'quick':
      return <QuickEntries />;
    case 'quickTiles':
      return <QuickEntries variant="tiles" />;
    case 'quotes':
      return (
        <HomeQuotes
          products={products.products}
          loading={products.loading}
          failed={products.failed}
          onRetry={products.retry}
          onOpen={open}
        />
      );
    case 'news':
      return (
        <Suspense fallback={null}>
          <NewsWidget count={NEWS_COUNT} />
        </Suspense>
      );
    case 'newsFeed':
      return (
        <Suspense fallback={<CardSkeleton height={320} />}>
          <NewsWidget count={NEWS_FEED_COUNT} />
        </Suspense>
      );
    case 'assets':
      return (
        <Suspense fallback={<CardSkeleton height={236} />}>
          <AssetSummaryWidget />
        </Suspense>
      );
    case 'quoteList':
      return (
        <Suspense fallback={<CardSkeleton height={420} />}>
          <QuoteListWidget limit={QUOTE_LIST_ROWS} />
        </Suspense>
      );
    case 'rankings':
      return (
        <Suspense fallback={<CardSkeleton height={236} />}>
          <RankingTiles
            rankings={{
              changeRate: rankProducts(products.products, 'changeRate', TOP_COUNT),
              nowPrice: rankProducts(products.products, 'nowPrice', TOP_COUNT),
            }}
            loading={products.loading}
            failed={products.failed}
            retry={products.retry}
            onOpen={open}
          />
        </Suspense>
      );
    case 'spotlight':
      return (
        <WelcomeHero tone="dark">
          <Suspense fallback={null}>
            <TopMovers
              movers={rankProducts(products.products, 'changeRate', TOP_COUNT)}
              loading={products.loading}
              onOpen={open}
            />
          </Suspense>
        </WelcomeHero>
      );
  }
}

/** Where a module whose code is still loading will be: a card of about its height. */
function CardSkeleton({ height }: { height: number }) {
  return (
    <div className="card home-module__loading" aria-busy="true">
      <Skeleton height={height} radius={16} />
    </div>
  );
}
