import type { Product } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { productDisplayCode } from '../../../shared/display/product-name';
import { ChangeRate } from '../../../shared/ui/ChangeRate';
import { Skeleton } from '../../../shared/ui/Skeleton';

/**
 * The spotlight's movers (home-k): the day's top gainers as chips on the dark hero; a tap opens the
 * product. Given the ranked products, so this lazy chunk needs nothing from the home screen's.
 */
export default function TopMovers({
  movers,
  loading,
  onOpen,
}: {
  movers: Product[];
  loading: boolean;
  onOpen: (product: Product) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="home-movers" data-testid="home-movers">
      <span className="home-movers__label">{t('home.top_gainers')}</span>
      <div className="home-movers__chips">
        {loading
          ? [0, 1, 2].map((index) => (
              <Skeleton key={index} width={96} height={34} radius={17} style={{ opacity: 0.3 }} />
            ))
          : movers.map((product) => (
              <button
                type="button"
                key={product.productCode}
                className="home-movers__chip"
                onClick={() => onOpen(product)}
              >
                <span className="home-movers__code" dir="ltr">
                  {productDisplayCode(product.productCode)}
                </span>
                {/* A pill: white on the rise/fall colour reads on the dark hero, where coloured text would not. */}
                <ChangeRate rate={product.tickerInfo?.changeRate} variant="pill" className="home-movers__change" />
              </button>
            ))}
      </div>
    </div>
  );
}
