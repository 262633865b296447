// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import StakingRouter from './StakingRouter';

const DAY = 86_400_000;
const now = Date.now();

const user = (accountType: number) => ({
  id: 7,
  userAccount: 'demo@kestrel.local',
  email: 'demo@kestrel.local',
  phone: null,
  areaCode: null,
  nickName: 'Trader',
  avatar: '',
  accountType,
  inviteCode: 'KESTREL1',
  createTime: 0,
});

const product = (overrides: Record<string, unknown> = {}) => ({
  id: 2,
  name: 'USDT Locked 30',
  description: '',
  currencyId: 3,
  currencyName: 'USDT',
  termDays: 30,
  dailyRate: '0.0006',
  annualRate: '0.2190',
  minAmount: '100.00000000',
  maxAmount: '100000.00000000',
  perCustomerMax: '200000.00000000',
  penaltyRate: '0.02',
  quota: '5000000.00000000',
  quotaRemaining: '4990000.00000000',
  reserveUncommitted: '50000.00000000',
  acceptingOrders: true,
  closedReason: null,
  demoAllowed: 1,
  ...overrides,
});

const order = (overrides: Record<string, unknown> = {}) => ({
  id: 11,
  productId: 2,
  productName: 'USDT Locked 30',
  currencyName: 'USDT',
  buyPrice: '1000.00000000',
  dailyRate: '0.0006',
  termDays: 30,
  penaltyRate: '0.02',
  dailyYield: '0.60000000',
  expectedYield: '18.00000000',
  daysAccrued: 12,
  accruedYield: '7.20000000',
  startTime: now - 12 * DAY - 3_600_000,
  maturityTime: now + 18 * DAY - 3_600_000,
  status: 0,
  penalty: '20.00000000',
  payout: null,
  endTime: null,
  demo: 0,
  ...overrides,
});

/** Text without the invisible marks that keep numbers left to right inside sentences. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const ok = (body: Record<string, unknown>) => jsonResponse({ code: 200, msg: 'ok', ...body });

function serve(routes: Record<string, (url: string, init: RequestInit) => Response>) {
  return mockFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    const answer = routes[path];
    if (answer) return answer(url, init);
    if (path === '/api/platformCurrency/list') {
      return ok({
        rows: [
          { id: 3, currencyName: 'USDT', currencyType: 1, walletAddressType: '', currencyImg: '', scale: 8, sort: 1 },
          { id: 4, currencyName: 'BTC', currencyType: 1, walletAddressType: '', currencyImg: '', scale: 8, sort: 2 },
        ],
        total: 2,
      });
    }
    if (path === '/api/userInfo/userBalance') {
      return ok({
        data: [{ currencyId: 3, currencyName: 'USDT', userAmt: '5000.00000000', frozenAmount: '0', marginAmount: '0' }],
      });
    }
    return jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  useSwitchSetStore.setState({ rows: [] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('products', () => {
  it('shows each product’s daily and annual rate, range, penalty, quota left, and why a closed one takes no orders', async () => {
    serve({
      '/api/stakingProduct/list': () =>
        ok({
          rows: [
            product(),
            product({ id: 3, name: 'USDT Locked 90', acceptingOrders: false, closedReason: 'reserve_exhausted' }),
            product({
              id: 4,
              name: 'BTC 60',
              currencyId: 4,
              currencyName: 'BTC',
              minAmount: '0.00100000',
              maxAmount: '5.00000000',
            }),
          ],
          total: 3,
        }),
    });
    renderScreen(<StakingRouter />, '/pages/lockMining/lockMiningProductList');
    const card = await screen.findByTestId('product-2');
    expect(within(card).getByTestId('daily-rate').textContent).toBe('0.06%');
    expect(within(card).getByTestId('annual-rate').textContent).toBe('21.90%');
    expect(within(card).getByTestId('amount-range').textContent).toBe('100.00 – 100,000.00 USDT');
    expect(plain(within(card).getByTestId('penalty-rate').textContent)).toBe('2.00% of principal');
    expect(within(card).getByTestId('quota-left').textContent).toBe('4,990,000.00 USDT');
    // A coin shows the digits it has, not its scale's trailing zeros.
    const btc = screen.getByTestId('product-4');
    expect(within(btc).getByTestId('amount-range').textContent).toBe('0.001 – 5.00 BTC');
    const closed = screen.getByTestId('product-3');
    expect(within(closed).getByTestId('product-status').textContent).toBe('Full');
    expect(within(closed).getByTestId('closed-reason')).toBeTruthy();
  });

  it('previews the yield as the amount is typed, refuses under the field, and stakes with an Idempotency-Key', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    const { calls } = serve({
      '/api/stakingProduct/list': () => ok({ rows: [product()], total: 1 }),
      '/api/stakingOrder/list': () => ok({ rows: [], total: 0 }),
      '/api/stakingOrder/add': () => ok({ data: order({ id: 12, daysAccrued: 0, accruedYield: '0' }) }),
    });
    const { router } = renderScreen(<StakingRouter />, '/pages/lockMining/lockMiningProductList');
    fireEvent.click(within(await screen.findByTestId('product-2')).getByTestId('stake'));
    const amount = await screen.findByTestId('stake-amount');
    await screen.findByText('5,000.00 USDT');
    fireEvent.change(amount, { target: { value: '50' } });
    expect(screen.getByTestId('stake-amount-error').textContent).toBe('The minimum amount is 100');
    fireEvent.change(amount, { target: { value: '6000' } });
    expect(screen.getByTestId('stake-amount-error').textContent).toBe('Insufficient balance');
    fireEvent.change(amount, { target: { value: '1000' } });
    expect(screen.queryByTestId('stake-amount-error')).toBeNull();
    expect(screen.getByTestId('preview-daily').textContent).toBe('0.6000 USDT');
    expect(screen.getByTestId('preview-term').textContent).toBe('18.0000 USDT');
    expect(screen.getByTestId('preview-penalty').textContent).toBe('20.00 USDT');
    fireEvent.click(screen.getByTestId('stake-continue'));
    const sheet = await screen.findByTestId('stake-confirm');
    expect(within(sheet).getByTestId('confirm-principal').textContent).toBe('1,000.00 USDT');
    expect(within(sheet).getByTestId('confirm-penalty').textContent).toBe('20.00 USDT');
    await act(async () => {
      fireEvent.click(screen.getByTestId('stake-confirm-confirm'));
    });
    const sent = calls.find((call) => call.url.startsWith('/api/stakingOrder/add'));
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(sent?.init.body)).toContain('productId=2');
    expect(String(sent?.init.body)).toContain('buyPrice=1000.00000000');
    await waitFor(() => expect(router.state.location.search).toBe('?id=12'));
  });

  it('tells a demo account which products take demo funds, and blocks the others', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(2) });
    serve({
      '/api/stakingProduct/list': () => ok({ rows: [product({ demoAllowed: 0 })], total: 1 }),
      '/api/stakingOrder/list': () => ok({ rows: [], total: 0 }),
    });
    renderScreen(<StakingRouter />, '/pages/lockMining/lockMiningProductList');
    const card = await screen.findByTestId('product-2');
    expect(within(card).getByTestId('demo-funds').textContent).toBe('Not accepted');
    expect(within(card).getByTestId('product-blocked').textContent).toBe(
      'This staking product is not open to demo accounts',
    );
    expect((within(card).getByTestId('stake') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('overview and orders', () => {
  it('adds up the principal locked and the yield of my active orders', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({
      '/api/stakingOrder/list': () =>
        ok({ rows: [order(), order({ id: 13, buyPrice: '500.00000000', accruedYield: '0.30000000' })], total: 2 }),
    });
    renderScreen(<StakingRouter />, '/pages/lockMining/lockMining');
    expect((await screen.findByTestId('summary-principal')).textContent).toBe('1,500.00 USDT');
    expect(screen.getByTestId('summary-accrued').textContent).toBe('7.5000 USDT');
    expect(screen.getByTestId('summary-count').textContent).toBe('2');
    expect(screen.getByTestId('entry-products')).toBeTruthy();
  });

  it('lists orders per tab, asking the server for that status', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    const { calls } = serve({
      '/api/stakingOrder/list': (url) =>
        url.includes('status=1')
          ? ok({ rows: [order({ id: 20, status: 1, payout: '1018.00000000', endTime: now })], total: 1 })
          : ok({ rows: [order()], total: 1 }),
    });
    renderScreen(<StakingRouter />, '/pages/lockMining/orders');
    const active = await screen.findByTestId('order-11');
    expect(within(active).getByTestId('days-accrued').textContent).toBe('12 / 30 days');
    fireEvent.click(screen.getByTestId('tab-matured'));
    const matured = await screen.findByTestId('order-20');
    expect(within(matured).getByTestId('order-payout').textContent).toBe('1,018.00 USDT');
    expect(calls.some((call) => call.url.includes('status=1'))).toBe(true);
  });
});

describe('an order', () => {
  it('shows what redeeming now pays and keeps, and redeems after a confirmation that states the penalty', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    const { calls } = serve({
      '/api/stakingOrder/detail': () => ok({ data: order() }),
      '/api/stakingOrder/redemption': () => ok({ data: order({ status: 2, payout: '987.20000000', endTime: now }) }),
    });
    renderScreen(<StakingRouter />, '/pages/lockMining/detail?id=11');
    expect((await screen.findByTestId('redeem-pays')).textContent).toBe('987.20 USDT');
    expect(screen.getByTestId('redeem-penalty').textContent).toBe('−20.00 USDT');
    fireEvent.click(screen.getByTestId('redeem'));
    const sheet = await screen.findByTestId('redeem-confirm');
    expect(within(sheet).getByTestId('confirm-penalty').textContent).toBe('−20.00 USDT');
    expect(plain(sheet.textContent)).toContain('A penalty of 20.00 USDT is kept');
    await act(async () => {
      fireEvent.click(screen.getByTestId('redeem-confirm-confirm'));
    });
    const sent = calls.find((call) => call.url.startsWith('/api/stakingOrder/redemption'));
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(sent?.init.body)).toBe('orderId=11');
  });

  it('shows a finished order’s payout and no redeem button', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({
      '/api/stakingOrder/detail': () =>
        ok({ data: order({ status: 2, payout: '987.20000000', endTime: now, penalty: '20.00000000' }) }),
    });
    renderScreen(<StakingRouter />, '/pages/lockMining/detail?id=11');
    expect((await screen.findByTestId('detail-payout')).textContent).toBe('987.20 USDT');
    expect(screen.getByTestId('detail-penalty').textContent).toBe('20.00 USDT');
    expect(screen.queryByTestId('redeem')).toBeNull();
  });
});

describe('an order that does not exist', () => {
  it('says so instead of offering a retry', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({ '/api/stakingOrder/detail': () => jsonResponse({ code: 500, msg: 'error.staking_order_not_found' }) });
    renderScreen(<StakingRouter />, '/pages/lockMining/detail?id=404');
    expect(await screen.findByText('This order could not be found')).toBeTruthy();
    expect(screen.queryByText('Retry')).toBeNull();
  });
});
