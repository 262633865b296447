// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSwitchSetStore } from '../../../shared/page-config/switch-set';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import NewSharesRouter from './NewSharesRouter';

const HOUR = 3_600_000;
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

const COMMITMENT = 'a'.repeat(64);
const SEED = 'b'.repeat(64);

const offer = (overrides: Record<string, unknown> = {}) => ({
  id: 5,
  productCode: 'NVLX',
  productName: 'Novalux Robotics',
  productType: 1,
  description: 'Warehouse robots.',
  currencyId: 3,
  currencyName: 'USDT',
  issuePrice: '12.50000000',
  lotSize: 100,
  maxLotsPerCustomer: 10,
  supplyLots: 1000,
  subscribedLots: 3200,
  subscriberCount: 41,
  subscribeStartTime: now - HOUR,
  subscribeEndTime: now + HOUR,
  allocationTime: now + 2 * HOUR,
  listingTime: now + 3 * HOUR,
  lockupDays: 3,
  unlockTime: now + 3 * HOUR + 3 * 86_400_000,
  allocationRule: 'lottery',
  seedCommitment: COMMITMENT,
  seed: null,
  phase: 'open',
  demoAllowed: 1,
  allocatedLots: null,
  allocatedTime: null,
  ...overrides,
});

const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  newProductApplyPurchaseId: 5,
  productCode: 'NVLX',
  productName: 'Novalux Robotics',
  currencyName: 'USDT',
  issuePrice: '12.50000000',
  lotSize: 100,
  applyPurchaseQuantity: 300,
  lots: 3,
  frozenAmount: '3750.00000000',
  allocatedQuantity: null,
  allocatedAmount: null,
  refundAmount: null,
  status: 0,
  allocationTime: now + 2 * HOUR,
  unlockTime: now + 3 * HOUR + 3 * 86_400_000,
  spotTradeOrderId: null,
  demo: 0,
  createTime: now - HOUR / 2,
  ...overrides,
});

const ok = (body: Record<string, unknown>) => jsonResponse({ code: 200, msg: 'ok', ...body });

function serve(routes: Record<string, (url: string, init: RequestInit) => Response>) {
  return mockFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    const answer = routes[path];
    if (answer) return answer(url, init);
    if (path === '/api/platformCurrency/list') return ok({ rows: [], total: 0 });
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

describe('offers', () => {
  it('lists offers with their phase, price and how oversubscribed they are; the market filter asks the server', async () => {
    const { calls } = serve({
      '/api/newProductApplyPurchase/list': () =>
        ok({ rows: [offer(), offer({ id: 6, productName: 'Orbit Pay', phase: 'upcoming', lotSize: 1 })], total: 2 }),
    });
    renderScreen(<NewSharesRouter />, '/pages/newShares/newShares');
    const card = await screen.findByTestId('offer-5');
    expect(within(card).getByTestId('offer-phase').textContent).toBe('Open');
    expect(within(card).getByText('12.50 USDT')).toBeTruthy();
    expect(within(card).getByTestId('oversubscribed').textContent).toBe('3.20× oversubscribed');
    expect(within(screen.getByTestId('offer-6')).getByTestId('offer-phase').textContent).toBe('Upcoming');
    // One share per lot reads in the singular.
    expect(within(screen.getByTestId('offer-6')).getByText('1 share')).toBeTruthy();
    expect(within(card).getByText('100 shares')).toBeTruthy();
    fireEvent.click(screen.getByTestId('filter-2'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('productType=2'))).toBe(true));
  });

  it('says so when there is nothing, and offers a retry when the list fails', async () => {
    serve({ '/api/newProductApplyPurchase/list': () => ok({ rows: [], total: 0 }) });
    renderScreen(<NewSharesRouter />, '/pages/newShares/newShares');
    expect(await screen.findByText('No new shares on offer')).toBeTruthy();
    cleanup();
    serve({ '/api/newProductApplyPurchase/list': () => jsonResponse({ code: 500, msg: 'error.internal' }) });
    renderScreen(<NewSharesRouter />, '/pages/newShares/newShares');
    expect(await screen.findByText('Retry')).toBeTruthy();
  });

  it('labels the demo account and whether each offer takes demo funds', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(2) });
    serve({
      '/api/newProductApplyPurchase/list': () => ok({ rows: [offer(), offer({ id: 6, demoAllowed: 0 })], total: 2 }),
    });
    renderScreen(<NewSharesRouter />, '/pages/newShares/newShares');
    expect(await screen.findByTestId('demo-notice')).toBeTruthy();
    expect(within(await screen.findByTestId('offer-5')).getByTestId('demo-funds').textContent).toBe(
      'Demo funds accepted',
    );
    expect(within(screen.getByTestId('offer-6')).getByTestId('demo-funds').textContent).toBe('Real funds only');
  });
});

describe('an open offer', () => {
  it('computes shares and cost, refuses too many lots under the field, and subscribes with an Idempotency-Key', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    const { calls } = serve({
      '/api/newProductApplyPurchase/detail': () => ok({ data: offer() }),
      '/api/userApplyPurchaseOrder/list': () => ok({ rows: [subscription()], total: 1 }),
      '/api/userApplyPurchaseOrder/addUserApplyPurchaseOrder': () =>
        ok({ data: subscription({ id: 32, lots: 2, applyPurchaseQuantity: 200, frozenAmount: '2500.00000000' }) }),
    });
    renderScreen(<NewSharesRouter />, '/pages/newShares/detail?id=5');
    const lots = await screen.findByTestId('lots');
    // Three lots held already: seven left of ten.
    expect(screen.getByText('Up to 7 lots · 100 shares per lot')).toBeTruthy();
    fireEvent.change(lots, { target: { value: '8' } });
    expect(screen.getByTestId('lots-error').textContent).toBe(
      'Above your limit: at most 10 lots per customer, 7 left for you',
    );
    fireEvent.change(lots, { target: { value: '2' } });
    expect(screen.queryByTestId('lots-error')).toBeNull();
    expect(screen.getByTestId('quantity').textContent).toBe('200 shares');
    expect(screen.getByTestId('cost').textContent).toBe('2,500.00 USDT');
    fireEvent.click(screen.getByTestId('subscribe-submit'));
    const sheet = await screen.findByTestId('subscribe-confirm');
    expect(within(sheet).getByTestId('confirm-cost').textContent).toBe('2,500.00 USDT');
    await act(async () => {
      fireEvent.click(screen.getByTestId('subscribe-confirm-confirm'));
    });
    const sent = calls.find((call) => call.url.startsWith('/api/userApplyPurchaseOrder/addUserApplyPurchaseOrder'));
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(sent?.init.body))).toEqual({ newProductApplyPurchaseId: 5, applyPurchaseQuantity: 200 });
    // My subscription to this offer is listed with what it froze.
    expect(within(screen.getByTestId('subscription-31')).getByTestId('subscription-frozen').textContent).toBe(
      '3,750.00 USDT',
    );
  });

  it('explains the rule and shows the seed commitment; logged out, it asks to log in', async () => {
    serve({ '/api/newProductApplyPurchase/detail': () => ok({ data: offer() }) });
    renderScreen(<NewSharesRouter />, '/pages/newShares/detail?id=5');
    expect(await screen.findByTestId('login-prompt')).toBeTruthy();
    expect(screen.getByTestId('rule-explained').textContent).toContain('the 1,000 lowest numbers win one lot each');
    expect(screen.getByTestId('seed-commitment').textContent).toBe('aaaaaaaa…aaaaaaaa');
    expect(screen.getByTestId('seed-pending')).toBeTruthy();
  });

  it('tells a demo account when the offer is for real funds only', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(2) });
    serve({
      '/api/newProductApplyPurchase/detail': () => ok({ data: offer({ demoAllowed: 0 }) }),
      '/api/userApplyPurchaseOrder/list': () => ok({ rows: [], total: 0 }),
    });
    renderScreen(<NewSharesRouter />, '/pages/newShares/detail?id=5');
    expect((await screen.findByTestId('offer-blocked')).textContent).toBe('This offer is not open to demo accounts');
    expect(screen.queryByTestId('subscribe-form')).toBeNull();
  });
});

describe('an offer that does not exist', () => {
  it('says so instead of offering a retry', async () => {
    serve({
      '/api/newProductApplyPurchase/detail': () => jsonResponse({ code: 500, msg: 'error.new_share_not_found' }),
    });
    renderScreen(<NewSharesRouter />, '/pages/newShares/detail?id=404');
    expect(await screen.findByText('This offer could not be found')).toBeTruthy();
    expect(screen.queryByText('Retry')).toBeNull();
  });
});

describe('an allocated offer', () => {
  it('reveals the seed and lists every allocation, mine marked', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({
      '/api/newProductApplyPurchase/detail': () =>
        ok({ data: offer({ phase: 'allocated', seed: SEED, allocatedLots: 1000, allocatedTime: now }) }),
      '/api/userApplyPurchaseOrder/list': () =>
        ok({
          rows: [
            subscription({
              status: 1,
              allocatedQuantity: 100,
              allocatedAmount: '1250.00000000',
              refundAmount: '2500.00000000',
            }),
          ],
          total: 1,
        }),
      '/api/newProductApplyPurchase/allocations': () =>
        ok({
          rows: [
            { subscriptionId: 30, lots: 10, allocatedLots: 0 },
            { subscriptionId: 31, lots: 3, allocatedLots: 1 },
          ],
          total: 2,
        }),
    });
    renderScreen(<NewSharesRouter />, '/pages/newShares/detail?id=5');
    expect((await screen.findByTestId('seed')).textContent).toBe('bbbbbbbb…bbbbbbbb');
    expect(screen.getByTestId('recompute-note').textContent).toContain('recompute every allocation');
    const mine = await screen.findByTestId('allocation-31');
    expect(mine.textContent).toContain('Yours');
    expect(screen.getByTestId('allocation-30').textContent).not.toContain('Yours');
    const card = screen.getByTestId('subscription-31');
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Allocated');
    expect(within(card).getByTestId('subscription-refunded').textContent).toBe('2,500.00 USDT');
    expect(screen.queryByTestId('subscribe-form')).toBeNull();
  });
});

describe('history', () => {
  it('lists my subscriptions with their status; delivered ones lead to the spot holdings', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({
      '/api/userApplyPurchaseOrder/list': () =>
        ok({
          rows: [
            subscription({
              id: 40,
              status: 3,
              allocatedQuantity: 300,
              allocatedAmount: '3750',
              refundAmount: '0',
              spotTradeOrderId: 9,
            }),
            subscription({ id: 41, status: 2, allocatedQuantity: 0, allocatedAmount: '0', refundAmount: '3750' }),
          ],
          total: 2,
        }),
    });
    const { router } = renderScreen(<NewSharesRouter />, '/pages/newShares/his');
    const delivered = await screen.findByTestId('subscription-40');
    expect(within(delivered).getByTestId('subscription-status').textContent).toBe('Delivered');
    expect(within(screen.getByTestId('subscription-41')).getByTestId('subscription-status').textContent).toBe(
      'Not allocated',
    );
    fireEvent.click(within(delivered).getByTestId('subscription-holdings'));
    expect(router.state.location.pathname).toBe('/pages/user/accountDetail');
  });

  it('sends a guest to log in', () => {
    serve({});
    const { router } = renderScreen(<NewSharesRouter />, '/pages/newShares/his');
    expect(router.state.location.pathname).toBe('/pages/user/login');
  });
});
