import { CONSTANTS, type contracts, type Product } from '@kestrel/contract/web';
import { useDisplayRules } from '../../shared/display/display-rules';
import { usePlatformCurrencies } from '../../shared/platform/api/platform-currency-list';
import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../../shared/store/session';
import { useProductTradeSetting } from './api/product-trade-setting';
import { useTradeBalance } from './api/user-balance';

/** USDT's scale when the currency list has not loaded (DESIGN.md §2: amounts default to 8). */
const DEFAULT_MONEY_SCALE = 8;

/** What every order form needs: the product, its live price and settings, and the customer's balance. */
export interface TradeContext {
  product: Product;
  /** The live price (the ticker topic), else the product row's. */
  price: string | null;
  simulated: boolean;
  setting: contracts.ProductTradeSetting | undefined;
  settingFailed: boolean;
  retrySetting: () => void;
  loggedIn: boolean;
  isDemo: boolean;
  /** Available trade-currency balance; null while logged out or loading. */
  available: string | null;
  moneyScale: number;
  /** app_decimal_no: how many decimals amounts show, and what the shortcuts fill in. */
  displayDecimals: number;
}

export function useTradeContext(product: Product, livePrice: string | null | undefined): TradeContext {
  const loggedIn = useSessionStore((state) => state.token !== null);
  const isDemo = useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);
  const setting = useProductTradeSetting(product.productCode);
  const balance = useTradeBalance();
  const currencies = usePlatformCurrencies();
  const rules = useDisplayRules();
  const moneyScale = currencies.data?.byId.get(CONSTANTS.usdtCurrencyId)?.scale ?? DEFAULT_MONEY_SCALE;
  return {
    product,
    price: livePrice ?? product.tickerInfo?.nowPrice ?? setting.data?.nowPrice ?? null,
    simulated: product.simulated || (setting.data?.simulated ?? false),
    setting: setting.data,
    settingFailed: setting.isError,
    retrySetting: () => void setting.refetch(),
    loggedIn,
    isDemo,
    available: loggedIn ? (balance.data?.userAmt ?? null) : null,
    moneyScale,
    displayDecimals: rules.amountDecimals,
  };
}
