import type { Product } from '@kestrel/contract/web';
import { useTradeContext } from '../use-trade-context';
import { TradePanel } from './TradePanel';

/**
 * The forms and the customer's trades, priced at the live ticker. Loaded apart from the trade screen
 * (screens/TradeScreen.tsx): they sit below the header and chart, and their code (the forms, the
 * confirmation sheet, money mutations, ~40 files) made the header's price, the screen's largest paint,
 * wait for all of it on a slow line.
 */
export default function TradeArea({ product, price }: { product: Product; price: string | null | undefined }) {
  const context = useTradeContext(product, price);
  return <TradePanel context={context} />;
}
