import type { LanguageCode, Product } from '@kestrel/contract/web';

/** A product's name in the customer's language: the row's own translation, else its default name. */
export function productDisplayName(
  product: Pick<Product, 'productName' | 'productNameLang'>,
  locale: LanguageCode,
): string {
  return product.productNameLang[locale] ?? product.productName;
}

/** The code as customers know it: "X:BTCUSD" -> "BTC/USD", "C:EURUSD" -> "EUR/USD", "AAPL" stays. */
export function productDisplayCode(productCode: string): string {
  const match = /^[XC]:([A-Z0-9]+?)(USD|USDT|EUR|JPY|GBP|CHF|CAD|AUD|NZD)$/.exec(productCode);
  return match ? `${match[1]}/${match[2]}` : productCode;
}
