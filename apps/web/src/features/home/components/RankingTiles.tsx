import type { Product } from '@kestrel/contract/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { productDisplayCode, productDisplayName } from '../../../shared/display/product-name';
import { PATHS } from '../../../shared/paths';
import { useSettingsStore } from '../../../shared/store/settings';
import { ChangeRate } from '../../../shared/ui/ChangeRate';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { PriceText } from '../../../shared/ui/PriceText';
import { ProductIcon } from '../../../shared/ui/ProductIcon';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { TabStrip } from '../../../shared/ui/TabStrip';
import type { RankingKey } from '../rankings';

/** Placeholder tiles while the products load. */
const TILE_COUNT = 3;

const RANKINGS: readonly { key: RankingKey; labelKey: 'home.top_gainers' | 'home.top_prices' }[] = [
  { key: 'changeRate', labelKey: 'home.top_gainers' },
  { key: 'nowPrice', labelKey: 'home.top_prices' },
];

/**
 * The two SPEC §3 rankings (by change rate, by price) as a switch over large tiles, for the layouts
 * that lead with the market: a tile opens the product on the trade tab. Given the ranked products
 * (rankings.ts is in the home screen's chunk), so this lazy chunk needs nothing from it.
 */
export default function RankingTiles({
  rankings,
  loading,
  failed,
  retry,
  onOpen,
}: {
  rankings: Record<RankingKey, Product[]>;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  onOpen: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [ranking, setRanking] = useState<RankingKey>('changeRate');
  const top = rankings[ranking];

  let body;
  if (loading) {
    body = (
      <div className="home-rankings__tiles" aria-busy="true">
        {Array.from({ length: TILE_COUNT }, (_, index) => (
          <span className="home-rankings__tile" key={index}>
            <Skeleton width={28} height={28} radius={14} />
            <Skeleton width="80%" height={13} />
            <Skeleton width="60%" height={15} />
            <Skeleton width="100%" height={26} radius={8} />
          </span>
        ))}
      </div>
    );
  } else if (failed && top.length === 0) {
    body = <LoadFailed variant="plain" onRetry={retry} />;
  } else if (top.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <div className="home-rankings__tiles" role="tabpanel">
        {top.map((product, position) => (
          <RankingTile key={product.productCode} product={product} rank={position + 1} onOpen={onOpen} />
        ))}
      </div>
    );
  }

  return (
    <section className="card home-rankings" data-testid="home-rankings">
      <TabStrip
        className="home-rankings__switch"
        tabClassName="home-rankings__choice"
        tabs={RANKINGS.map((entry) => ({
          id: entry.key,
          label: t(entry.labelKey),
          testId: `home-ranking-${entry.key}`,
        }))}
        value={ranking}
        onChange={setRanking}
      />
      {body}
      <button type="button" className="card__more" onClick={() => navigate(PATHS.markets)}>
        {t('market.browse_markets')}
      </button>
    </section>
  );
}

function RankingTile({
  product,
  rank,
  onOpen,
}: {
  product: Product;
  rank: number;
  onOpen: (product: Product) => void;
}) {
  const locale = useSettingsStore((state) => state.locale);
  const code = product.productCode;
  return (
    <button
      type="button"
      className="home-rankings__tile"
      onClick={() => onOpen(product)}
      data-testid={`ranking-tile-${code}`}
    >
      <span className="home-rankings__top">
        <ProductIcon src={product.productImg} productCode={code} size={28} />
        <span className="home-rankings__rank numeric">{rank}</span>
      </span>
      <span className="home-rankings__name">{productDisplayName(product, locale)}</span>
      <span className="home-rankings__code" dir="ltr">
        {productDisplayCode(code)}
      </span>
      <span className="home-rankings__price">
        <PriceText value={product.tickerInfo?.nowPrice} decimals={product.priceScale} flash />
      </span>
      <ChangeRate rate={product.tickerInfo?.changeRate} variant="pill" className="home-rankings__change" />
    </button>
  );
}
