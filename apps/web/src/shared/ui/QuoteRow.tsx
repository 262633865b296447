import type { Product } from '@kestrel/contract';
import { productDisplayCode, productDisplayName } from '../../../shared/display/product-name';
import { useSettingsStore } from '../../../shared/store/settings';
import { ChangeRate } from '../../../shared/ui/ChangeRate';
import { PriceText } from '../../../shared/ui/PriceText';
import { ProductIcon } from '../../../shared/ui/ProductIcon';

/** One quote: icon, name and code, live price (flashing on change) and the day's change. */
export function QuoteRow({ product, onOpen }: { product: Product; onOpen: (product: Product) => void }) {
  const locale = useSettingsStore((state) => state.locale);
  const ticker = product.tickerInfo;
  return (
    <button type="button" className="quote-row" onClick={() => onOpen(product)}>
      <ProductIcon src={product.productImg} productCode={product.productCode} />
      <span className="quote-row__names">
        <span className="quote-row__name">{productDisplayName(product, locale)}</span>
        <span className="quote-row__code" dir="ltr">
          {productDisplayCode(product.productCode)}
        </span>
      </span>
      <PriceText className="quote-row__price" value={ticker?.nowPrice} decimals={product.priceScale} flash />
      <ChangeRate rate={ticker?.changeRate} variant="pill" />
    </button>
  );
}
