// @vitest-environment jsdom
import type { Product } from '@kestrel/contract/web';
import { feeRemark } from '@kestrel/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useOtherValuesStore } from '../../../shared/platform/other-values';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { useTradeContext } from '../use-trade-context';
import { TradePanel } from './TradePanel';
import '../../../shared/trading/i18n-english';

const PRODUCT = {
  id: 1,
  productId: 1,
  productName: 'Bitcoin',
  productNameLang: {},
  productCode: 'X:BTCUSD',
  productDesc: '',
  productImg: '',
  productType: 2,
  isVisible: 0,
  sort: 1,
  isLock: 0,
  isShow: 0,
  isSelfSell: 0,
  isOption: 0,
  PositionType: '0/1/2/3',
  standard: '1',
  priceScale: 2,
  quantityScale: 4,
  sessionOpen: true,
  simulated: true,
  tickerInfo: null,
} satisfies Product;

const SETTING = {
  productId: 1,
  productCode: 'X:BTCUSD',
  productType: 2,
  positionTypes: '0/1/2/3',
  isLock: 0,
  leverList: '1/5/10/20',
  levers: [1, 5, 10, 20],
  minQuantity: '0.0001',
  maxQuantity: '100',
  minMargin: '10',
  maxMargin: '100000',
  maxBalanceShare: '0.9',
  minHoldSeconds: 0,
  liquidationMethod: 2,
  liquidationRatio: '0.8',
  followsMarketSession: true,
  tradingWindows: [],
  tradingOpen: true,
  contractOpenFeeRate: '0.001',
  contractCloseFeeRate: '0.001',
  spotBuyFeeRate: '0.002',
  spotSellFeeRate: '0.002',
  priceScale: 2,
  quantityScale: 4,
  contractSize: '1',
  nowPrice: '50000.00',
  simulated: true,
};

const OPTIONS = [
  {
    id: 7,
    productCode: 'X:BTCUSD',
    durationValue: 30,
    durationLabel: 0,
    winRatio: '0.85',
    loseRatio: '1',
    minBuyAmount: '10',
    maxBuyAmount: '5000',
    minUserAmount: '10',
    loseMoneyMethod: 0,
  },
];

const ok = (data: unknown) => jsonResponse({ code: 200, msg: 'ok', data });
const rows = (list: unknown[]) => jsonResponse({ code: 200, msg: 'ok', rows: list, total: list.length });

function serve(extra: (path: string, init: RequestInit) => Response | null = () => null) {
  return mockFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    const answer = extra(path, init);
    if (answer) return answer;
    switch (path) {
      case '/api/productTradeSetting/detail':
        return ok(SETTING);
      case '/api/userInfo/userBalance':
        return ok([
          { currencyId: 3, currencyName: 'USDT', userAmt: '1000.00000000', frozenAmount: '0', marginAmount: '0' },
        ]);
      case '/api/platformCurrency/list':
        return rows([
          { id: 3, currencyName: 'USDT', currencyType: 1, walletAddressType: '', currencyImg: '', scale: 8, sort: 1 },
        ]);
      case '/api/orderFeeSetting/list':
        return rows([
          { id: 1, remark: feeRemark(2, 0, 1), feeRate: '0.001' },
          { id: 2, remark: feeRemark(2, 0, 2), feeRate: '0.001' },
        ]);
      case '/api/fastTradeOrderOptions/list':
        return rows(OPTIONS);
      case '/api/fastTradeOrder/statistics':
        return ok({
          productCode: 'X:BTCUSD',
          currencyId: 3,
          currencyName: 'USDT',
          ordersWon: 12,
          ordersLost: 15,
          ordersTied: 1,
          ordersOpen: 0,
          totalStaked: '2800',
          totalPaidOut: '2500',
          totalFees: '2.8',
          customersNetResult: '-302.8',
          customersNetResultBeforeFees: '-300',
          winRatePercent: '44.44',
          serverTime: 1,
        });
      case '/api/userProductPosition/list':
      case '/api/spotTradeOrder/list':
      case '/api/fastTradeOrder/list':
        return rows([]);
      default:
        return jsonResponse({ code: 500, msg: 'error.not_found' });
    }
  });
}

function Harness() {
  return <TradePanel context={useTradeContext(PRODUCT, '50000.00')} />;
}

const user = {
  id: 7,
  userAccount: 'a@b.c',
  email: null,
  phone: null,
  areaCode: null,
  nickName: 'A',
  avatar: '',
  accountType: 0,
  inviteCode: 'X',
  createTime: 0,
};

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the trade panel', () => {
  it('logged out: the modes the product offers, a login prompt instead of a form, and the coin-to-coin entry', async () => {
    serve();
    const { router } = renderScreen(<Harness />, '/pages/quoteDetail/quoteDetail');
    const modes = await screen.findByTestId('trade-mode');
    expect(
      within(modes)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Contract', 'Spot', 'Fast']);
    expect(screen.getByTestId('trade-login-prompt')).toBeTruthy();
    expect(screen.queryByTestId('contract-form')).toBeNull();
    fireEvent.click(screen.getByTestId('trade-bibi'));
    expect(router.state.location.pathname).toBe('/pages/quoteDetail/bibi');
    expect(router.state.location.search).toBe('?productCode=X%3ABTCUSD');
  });

  it('contract: shortcut, TP/SL direction checked inline, a confirmation with the figures, then the order', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user });
    const { calls } = serve((path) =>
      path === '/api/userProductPosition/buy' ? jsonResponse({ code: 500, msg: 'error.take_profit_wrong_side' }) : null,
    );
    renderScreen(<Harness />);
    await screen.findByTestId('contract-form');
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('1,000.00 USDT'));

    // The lowest leverage is preselected; the customer picks 10x.
    expect(screen.getByTestId('leverage-1').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('leverage-10'));
    fireEvent.click(screen.getByTestId('contract-amount-25'));
    // 250 of the balance pays margin + fee at 10x: 250 / 1.01 = 247.52.
    expect((screen.getByTestId('contract-amount') as HTMLInputElement).value).toBe('247.52');
    expect(screen.getByTestId('contract-margin').textContent).toBe('247.50 USDT');
    expect(screen.getByTestId('contract-fee').textContent).toBe('2.47 USDT');
    expect(screen.getByTestId('contract-quantity').textContent).toBe('0.0495');

    fireEvent.click(screen.getByTestId('contract-levels-toggle'));
    fireEvent.change(screen.getByTestId('contract-tp'), { target: { value: '49000' } });
    expect(screen.getByTestId('contract-tp-error').textContent).toBe('Take-profit must be above 50,000.00');
    fireEvent.click(screen.getByTestId('contract-submit'));
    expect(screen.queryByTestId('contract-confirm')).toBeNull();

    fireEvent.change(screen.getByTestId('contract-tp'), { target: { value: '55000' } });
    fireEvent.change(screen.getByTestId('contract-sl'), { target: { value: '48000' } });
    fireEvent.click(screen.getByTestId('contract-submit'));
    const sheet = await screen.findByTestId('contract-confirm');
    expect(sheet.textContent).toContain('247.50 USDT');
    expect(sheet.textContent).toContain('55,000.00');
    fireEvent.click(screen.getByTestId('contract-confirm-confirm'));

    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/userProductPosition/buy'))).toBe(true));
    const order = calls.find((call) => call.url.startsWith('/api/userProductPosition/buy'))!;
    expect(JSON.parse(String(order.init.body))).toEqual({
      productType: 2,
      productCode: 'X:BTCUSD',
      marginAmount: '247.52',
      orderDirection: 0,
      orderLever: 10,
      stopProfitPrice: '55000',
      stopLossPrice: '48000',
    });
    expect(order.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The refusal shows under its field; what was typed stays.
    expect(await screen.findByTestId('contract-tp-error')).toBeTruthy();
    expect((screen.getByTestId('contract-tp') as HTMLInputElement).value).toBe('55000');
    expect((screen.getByTestId('contract-amount') as HTMLInputElement).value).toBe('247.52');
  });

  it('fast: duration chips with the win ratio, the fee on top, published statistics', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: { ...user, accountType: 2 } });
    serve();
    renderScreen(<Harness />);
    fireEvent.click(await screen.findByTestId('trade-mode-fast'));
    const chip = await screen.findByTestId('fast-option-7');
    expect(chip.textContent).toBe('30S+85%');
    expect(await screen.findByTestId('trade-demo-label')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('trade-available').textContent).toBe('1,000.00 USDT'));
    fireEvent.change(screen.getByTestId('fast-stake'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('fast-fee').textContent).toBe('0.10 USDT'));
    expect((await screen.findByTestId('fast-statistics')).textContent).toContain('44.44%');
    expect(screen.getByTestId('fast-customers-net').textContent).toBe('-302.80 USDT');
    fireEvent.change(screen.getByTestId('fast-stake'), { target: { value: '5' } });
    expect(screen.getByTestId('fast-stake-error').textContent).toBe('The minimum stake is 10 USDT');
    await act(async () => undefined);
  });

  it('fast with app_fastFree 0 and app_fast_fee 0: only the preset stakes, no fee line (still in the total)', async () => {
    useOtherValuesStore.getState().setValues({ app_fastFree: '0', app_fast_fee: '0' });
    useSessionStore.setState({ token: 'tok', userInfo: { ...user, accountType: 2 } });
    serve();
    renderScreen(<Harness />);
    fireEvent.click(await screen.findByTestId('trade-mode-fast'));
    await screen.findByTestId('fast-option-7');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('fast-stake')).toBeNull();
    fireEvent.click(await screen.findByTestId('fast-stake-preset-100'));
    expect(screen.getByTestId('fast-stake-preset-100').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('fast-fee')).toBeNull();
    expect(screen.getByTestId('fast-form').textContent).toContain('100.10 USDT');
    await act(async () => undefined);
  });

  it('fast with app_fastFree 1: the stake is typed, no presets', async () => {
    useOtherValuesStore.getState().setValues({ app_fastFree: '1', app_fast_fee: '1' });
    useSessionStore.setState({ token: 'tok', userInfo: { ...user, accountType: 2 } });
    serve();
    renderScreen(<Harness />);
    fireEvent.click(await screen.findByTestId('trade-mode-fast'));
    expect(await screen.findByTestId('fast-stake')).toBeTruthy();
    expect(screen.queryByTestId('fast-stake-preset-100')).toBeNull();
    expect(screen.getByTestId('fast-fee')).toBeTruthy();
    await act(async () => undefined);
  });
});
