// @vitest-environment jsdom
import Dialog from 'antd-mobile/es/components/dialog';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { testUser } from '../../../test/test-user';
import CopyTradingScreen from './CopyTradingScreen';

vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const PATH = '/pages/followOrder/followOrder';

const trader = (overrides: Record<string, unknown> = {}) => ({
  traderId: 7,
  nickName: 'Alice the very patient swing trader of many markets',
  status: 0,
  profitShareRate: '0.10',
  followerCount: 1234,
  realizedPnl: '1234.56789012',
  closedCount: 48,
  winRate: '0.6500',
  maxDrawdown: '120.50000000',
  return7d: '-0.0512',
  return30d: '0.1234',
  return90d: null,
  createTime: new Date(2026, 0, 5, 8, 0).getTime(),
  followingRelationId: null,
  isSelf: false,
  ...overrides,
});

const copyOrder = (overrides: Record<string, unknown> = {}) => ({
  id: 501,
  state: 'skipped',
  productCode: 'BTCUSDT',
  productName: 'BTC/USDT',
  direction: 0,
  leverage: 20,
  positionId: null,
  margin: null,
  openPrice: null,
  closePrice: null,
  netPnl: null,
  profitShare: null,
  skipMsg: 'error.copy_max_open_orders',
  skipParams: { max: 5 },
  createTime: new Date(2026, 2, 14, 9, 30).getTime(),
  ...overrides,
});

const relation = (overrides: Record<string, unknown> = {}) => ({
  relationId: 31,
  traderId: 7,
  traderNickName: 'Alice',
  followMode: 0,
  followAmount: '100.00000000',
  followRatio: null,
  maxOpenOrders: 5,
  stopLossAmount: '50.00000000',
  profitShareRate: '0.10',
  status: 0,
  endReason: null,
  realizedPnl: '-12.34567890',
  profitShared: '1.23000000',
  openCount: 2,
  skippedCount: 3,
  lastSkipped: copyOrder(),
  createTime: new Date(2026, 2, 1, 10, 0).getTime(),
  endTime: null,
  ...overrides,
});

const ok = (body: Record<string, unknown>) => jsonResponse({ code: 200, msg: 'ok', ...body });
const refused = (msg: string, params: Record<string, unknown>) => jsonResponse({ code: 500, msg, params });

function serve(routes: Record<string, (url: string, init: RequestInit) => Response>) {
  return mockFetch((url, init) => {
    const path = url.split('?')[0] ?? '';
    const answer = routes[path];
    if (answer) return answer(url, init);
    if (path === '/api/platformCurrency/list') {
      return ok({
        rows: [
          { id: 3, currencyName: 'USDT', currencyType: 1, walletAddressType: '', currencyImg: '', scale: 8, sort: 1 },
        ],
        total: 1,
      });
    }
    if (path === '/api/userInfo/userBalance') {
      return ok({
        data: [{ currencyId: 3, currencyName: 'USDT', userAmt: '250.12345678', frozenAmount: '0', marginAmount: '0' }],
      });
    }
    if (path === '/api/copyTrade/trader/mine') return ok({ data: null });
    return jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

/** Text without the invisible marks that keep numbers left to right inside sentences. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** The dialog opened last (earlier ones may linger, hidden, in jsdom). */
async function lastDialog(): Promise<HTMLElement> {
  const dialogs = await screen.findAllByRole('dialog');
  return dialogs[dialogs.length - 1]!;
}

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
});

afterEach(() => {
  Dialog.clear();
  cleanup();
  vi.unstubAllGlobals();
});

describe('copy trading: the traders', () => {
  it('shows each trader’s record formatted by the display rules, coloured by direction', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/copyTrade/trader/list': () =>
        ok({
          rows: [
            trader(),
            trader({
              traderId: 8,
              nickName: 'Bob',
              return30d: '-0.0300',
              realizedPnl: '-5.5',
              winRate: null,
              followingRelationId: 31,
            }),
            trader({ traderId: 9, nickName: 'Lead', isSelf: true, return30d: null }),
          ],
          total: 3,
        }),
    });
    renderScreen(<CopyTradingScreen />, PATH);
    const [alice, bob, me] = await screen.findAllByTestId('trader-card');
    expect(within(alice!).getByTestId('trader-name').textContent).toBe(
      'Alice the very patient swing trader of many markets',
    );
    const aliceReturn = within(alice!).getByTestId('trader-return30d');
    expect(aliceReturn.textContent).toBe('+12.34%');
    expect(aliceReturn.className).toContain('rise');
    expect(within(alice!).getByTestId('fig-pnl').textContent).toBe('+1,234.56 USDT');
    expect(within(alice!).getByTestId('fig-pnl').className).toContain('rise');
    expect(within(alice!).getByTestId('fig-drawdown').textContent).toBe('120.50 USDT');
    expect(within(alice!).getByTestId('fig-win-rate').textContent).toBe('65%');
    expect(within(alice!).getByTestId('fig-followers').textContent).toBe('1,234');
    expect(within(alice!).getByTestId('fig-closed').textContent).toBe('48');
    expect(plain(within(alice!).getByTestId('trader-share').textContent)).toBe('Profit share: 10%');
    expect(within(alice!).getByTestId('trader-follow').textContent).toBe('Follow');

    expect(within(bob!).getByTestId('trader-return30d').textContent).toBe('-3.00%');
    expect(within(bob!).getByTestId('trader-return30d').className).toContain('fall');
    expect(within(bob!).getByTestId('fig-pnl').textContent).toBe('-5.50 USDT');
    expect(within(bob!).getByTestId('fig-win-rate').textContent).toBe('—');
    expect(within(bob!).getByTestId('trader-following').textContent).toBe('Following');
    expect(within(bob!).queryByTestId('trader-follow')).toBeNull();
    expect(within(bob!).getByTestId('trader-see-follow')).toBeTruthy();

    expect(within(me!).getByTestId('trader-self').textContent).toBe('You');
    expect(within(me!).getByTestId('trader-return30d').textContent).toBe('—');
    expect(within(me!).queryByRole('button', { name: 'Follow' })).toBeNull();

    expect(screen.getByTestId('copy-record-note').textContent).toContain('closed positions');
    expect(screen.getByTestId('copy-traders').textContent).not.toMatch(/\d\.\d{8}/);
  });

  it('opens a trader’s whole record in a sheet, with the address naming it', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    const { calls } = serve({
      '/api/copyTrade/trader/list': () => ok({ rows: [trader()], total: 1 }),
      '/api/copyTrade/trader/7': () =>
        ok({
          data: {
            ...trader(),
            openPositionCount: 3,
            recentClosed: [
              {
                productCode: 'BTCUSDT',
                productName: 'BTC/USDT',
                direction: 1,
                leverage: 10,
                openPrice: '64210.50000000',
                closePrice: '63000.00000000',
                netPnl: '12.30000000',
                closeTime: new Date(2026, 2, 14, 9, 30).getTime(),
              },
            ],
          },
        }),
    });
    const { router } = renderScreen(<CopyTradingScreen />, PATH);
    fireEvent.click(await screen.findByTestId('trader-card'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=traders&trader=7'));
    const detail = await screen.findByTestId('trader-detail');
    await waitFor(() => expect(within(detail).getByTestId('detail-return30d').textContent).toBe('+12.34%'));
    expect(within(detail).getByTestId('detail-return7d').textContent).toBe('-5.12%');
    expect(within(detail).getByTestId('detail-return90d').textContent).toBe('—');
    expect(within(detail).getByTestId('detail-open').textContent).toBe('3');
    expect(within(detail).getByTestId('detail-share').textContent).toBe('10%');
    expect(within(detail).getByTestId('detail-record-note').textContent).toMatch(/closed positions/);
    const closed = within(detail).getByTestId('closed-position');
    expect(within(closed).getByTestId('copy-direction').textContent).toBe('Short 10x');
    expect(within(closed).getByTestId('closed-prices').textContent).toBe('64,210.50 → 63,000.00');
    expect(within(closed).getByTestId('closed-pnl').textContent).toBe('+12.30 USDT');
    expect(calls.some((call) => call.url.startsWith('/api/copyTrade/trader/7'))).toBe(true);
  });

  it('tells a demo session copy trading uses the live account, with no follow and no follows asked for', async () => {
    useSessionStore.setState({ token: 'demo', userInfo: testUser(2) });
    const { calls } = serve({ '/api/copyTrade/trader/list': () => ok({ rows: [trader()], total: 1 }) });
    renderScreen(<CopyTradingScreen />, `${PATH}?tab=following`);
    expect((await screen.findByTestId('copy-demo-notice')).textContent).toContain('live account');
    expect(screen.getByTestId('copy-demo-wallet')).toBeTruthy();
    expect(screen.queryByTestId('publish-card')).toBeNull();
    fireEvent.click(screen.getByTestId('copy-tab-traders'));
    const card = await screen.findByTestId('trader-card');
    expect(within(card).queryByTestId('trader-follow')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/copyTrade/trader/followedList'))).toBe(false);
    expect(calls.some((call) => call.url.startsWith('/api/copyTrade/trader/mine'))).toBe(false);
  });

  it('shows the traders to a visitor with the way to log in and back', async () => {
    serve({ '/api/copyTrade/trader/list': () => ok({ rows: [trader()], total: 1 }) });
    const { router } = renderScreen(<CopyTradingScreen />, PATH, { stubPaths: ['/pages/user/login'] });
    fireEvent.click(within(await screen.findByTestId('trader-card')).getByTestId('trader-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(PATH);
  });

  it('says what to do when nobody publishes yet', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/copyTrade/trader/list': () => ok({ rows: [], total: 0 }),
      '/api/copyTrade/trader/followedList': () => ok({ rows: [], total: 0 }),
    });
    const { router } = renderScreen(<CopyTradingScreen />, PATH);
    expect(await screen.findByText('No traders yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('copy-empty-publish'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=following'));
    expect(await screen.findByText('You do not follow anyone yet')).toBeTruthy();
    expect(await screen.findByTestId('publish-card')).toBeTruthy();
  });
});

describe('copy trading: the follow form', () => {
  async function openForm() {
    const card = await screen.findByTestId('trader-card');
    fireEvent.click(within(card).getByTestId('trader-follow'));
    return screen.findByTestId('follow-sheet');
  }

  it('shows a refusal under the field it concerns before sending, and sends nothing', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    const { calls } = serve({ '/api/copyTrade/trader/list': () => ok({ rows: [trader()], total: 1 }) });
    renderScreen(<CopyTradingScreen />, PATH);
    const sheet = await openForm();
    await waitFor(() =>
      expect(plain(within(sheet).getByTestId('follow-available').textContent)).toBe('Available: 250.12 USDT'),
    );
    expect(plain(within(sheet).getByTestId('follow-share-note').textContent)).toBe(
      'The trader receives 10% of your net profit above your previous best, only on realized profit. A loss pays nothing.',
    );
    expect((within(sheet).getByTestId('follow-max-open') as HTMLInputElement).value).toBe('5');
    fireEvent.change(within(sheet).getByTestId('follow-amount'), { target: { value: '300' } });
    expect(within(sheet).getByTestId('follow-amount-error').textContent).toBe(
      'The amount is more than your available balance (250.12 USDT)',
    );
    fireEvent.change(within(sheet).getByTestId('follow-max-open'), { target: { value: '60' } });
    expect(within(sheet).getByTestId('follow-max-open-error').textContent).toBe('Enter a whole number from 1 to 50');
    fireEvent.click(within(sheet).getByTestId('follow-submit'));
    expect(calls.some((call) => call.url.startsWith('/api/copyTrade/relation/follow'))).toBe(false);
  });

  it('sends the follow as JSON and shows the server’s refusal under its field', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    const { calls } = serve({
      '/api/copyTrade/trader/list': () => ok({ rows: [trader()], total: 1 }),
      '/api/copyTrade/relation/follow': () => refused('error.copy_margin_too_small', {}),
    });
    renderScreen(<CopyTradingScreen />, PATH);
    const sheet = await openForm();
    fireEvent.click(within(sheet).getByTestId('follow-mode-ratio'));
    fireEvent.change(within(sheet).getByTestId('follow-ratio'), { target: { value: '0.01' } });
    fireEvent.click(within(sheet).getByTestId('follow-max-open-down'));
    fireEvent.change(within(sheet).getByTestId('follow-stop-loss'), { target: { value: '40' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('follow-submit'));
    });
    const sent = calls.find((call) => call.url.startsWith('/api/copyTrade/relation/follow'));
    expect(sent?.init.method).toBe('POST');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      traderId: 7,
      followMode: 1,
      followRatio: '0.01',
      maxOpenOrders: 4,
      stopLossAmount: '40',
    });
    // Not idempotent by the contract: no key.
    expect(sent?.headers['Idempotency-Key']).toBeUndefined();
    await waitFor(() =>
      expect(within(sheet).getByTestId('follow-ratio-error').textContent).toBe(
        "Your ratio of the trader's margin is too small to copy",
      ),
    );
    // What was typed stays; changing the field clears the server's words.
    expect((within(sheet).getByTestId('follow-ratio') as HTMLInputElement).value).toBe('0.01');
    fireEvent.change(within(sheet).getByTestId('follow-ratio'), { target: { value: '0.5' } });
    expect(within(sheet).queryByTestId('follow-ratio-error')).toBeNull();
  });

  it('shows a refusal about the follow as a whole above the button', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/copyTrade/trader/list': () => ok({ rows: [trader()], total: 1 }),
      '/api/copyTrade/relation/follow': () => refused('error.copy_follows_max', { max: 20 }),
    });
    renderScreen(<CopyTradingScreen />, PATH);
    const sheet = await openForm();
    fireEvent.change(within(sheet).getByTestId('follow-amount'), { target: { value: '100' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('follow-submit'));
    });
    await waitFor(() =>
      expect(within(sheet).getByTestId('follow-form-error').textContent).toBe(
        'You can follow at most 20 traders at once',
      ),
    );
  });
});

describe('copy trading: my follows', () => {
  it('shows each follow with its result and, prominently, the last skipped copy in words', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/copyTrade/trader/followedList': () =>
        ok({
          rows: [
            relation(),
            relation({
              relationId: 32,
              traderNickName: 'Bob',
              status: 1,
              endReason: 'stop_loss',
              followMode: 1,
              followAmount: null,
              followRatio: '0.50000000',
              stopLossAmount: null,
              realizedPnl: '8',
              lastSkipped: null,
              endTime: new Date(2026, 2, 5, 12, 0).getTime(),
            }),
          ],
          total: 2,
        }),
    });
    renderScreen(<CopyTradingScreen />, `${PATH}?tab=following`);
    const [active, ended] = await screen.findAllByTestId('relation-card');
    expect(within(active!).getByTestId('relation-status').textContent).toBe('Active');
    expect(within(active!).getByTestId('relation-pnl').textContent).toBe('-12.34 USDT');
    expect(within(active!).getByTestId('relation-pnl').className).toContain('fall');
    expect(plain(within(active!).getByTestId('relation-size').textContent)).toBe('100.00 USDT per copy');
    expect(within(active!).getByTestId('relation-stop-loss').textContent).toBe('50.00 USDT');
    expect(within(active!).getByTestId('relation-shared').textContent).toBe('1.23 USDT');
    expect(within(active!).getByTestId('relation-open').textContent).toBe('2');
    expect(within(active!).getByTestId('relation-skipped').textContent).toBe('3');
    const skipped = within(active!).getByTestId('relation-last-skipped');
    expect(skipped.textContent).toContain('Last trade not copied');
    expect(within(skipped).getByTestId('relation-skip-reason').textContent).toBe(
      '5 copies of this follow are already open',
    );

    expect(within(ended!).getByTestId('relation-status').textContent).toBe('Stopped by stop-loss');
    expect(plain(within(ended!).getByTestId('relation-size').textContent)).toBe('0.5× the trader’s margin');
    expect(within(ended!).getByTestId('relation-stop-loss').textContent).toBe('None');
    expect(within(ended!).queryByTestId('relation-unfollow')).toBeNull();
  });

  it('opens a follow’s copies with each state, prices and reason', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    serve({
      '/api/copyTrade/trader/followedList': () => ok({ rows: [relation()], total: 1 }),
      '/api/copyTrade/relation/orders': () =>
        ok({
          rows: [
            copyOrder(),
            copyOrder({
              id: 502,
              state: 'closed',
              direction: 1,
              positionId: 88,
              margin: '100.00000000',
              openPrice: '64210.50000000',
              closePrice: '63000.00000000',
              netPnl: '18.75000000',
              profitShare: '1.87500000',
              skipMsg: null,
              skipParams: null,
            }),
          ],
          total: 2,
        }),
    });
    const { router } = renderScreen(<CopyTradingScreen />, `${PATH}?tab=following`);
    fireEvent.click(await screen.findByTestId('relation-see-copies'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=following&relation=31'));
    const sheet = await screen.findByTestId('copies-sheet');
    expect(plain(sheet.getAttribute('aria-label'))).toBe('Copies of Alice');
    const [skippedCopy, closedCopy] = await within(sheet).findAllByTestId('copy-order');
    expect(within(skippedCopy!).getByTestId('copy-order-state').textContent).toBe('Skipped');
    expect(within(skippedCopy!).getByTestId('copy-order-reason').textContent).toBe(
      '5 copies of this follow are already open',
    );
    expect(within(closedCopy!).getByTestId('copy-order-state').textContent).toBe('Closed');
    expect(within(closedCopy!).getByTestId('copy-direction').textContent).toBe('Short 20x');
    expect(within(closedCopy!).getByTestId('copy-order-margin').textContent).toBe('100.00 USDT');
    expect(within(closedCopy!).getByTestId('copy-order-prices').textContent).toBe('64,210.50 → 63,000.00');
    expect(within(closedCopy!).getByTestId('copy-order-pnl').textContent).toBe('+18.75 USDT');
    expect(within(closedCopy!).getByTestId('copy-order-share').textContent).toBe('1.87 USDT');
  });

  it('asks whether to close or keep the open copies, then says what happened', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    const { calls } = serve({
      '/api/copyTrade/trader/followedList': () => ok({ rows: [relation()], total: 1 }),
      '/api/copyTrade/relation/unfollow': () =>
        ok({
          data: {
            ...relation({ status: 1, endReason: 'unfollow', openCount: 0 }),
            closedCount: 1,
            keptCount: 0,
            notClosed: [{ positionId: 88, msg: 'error.copy_expired' }],
          },
        }),
    });
    renderScreen(<CopyTradingScreen />, `${PATH}?tab=following`);
    fireEvent.click(await screen.findByTestId('relation-unfollow'));
    const dialog = await lastDialog();
    expect(plain(dialog.textContent)).toContain('Unfollow Alice?');
    expect(plain(dialog.textContent)).toContain('No new trades of Alice will be copied.');
    expect(within(dialog).getByTestId('unfollow-dialog').textContent).toContain('Open copies: 2');
    // Two clear choices and a way out.
    expect(within(dialog).getByText('Close open copies now')).toBeTruthy();
    expect(within(dialog).getByText('Keep them as my positions')).toBeTruthy();
    expect(within(dialog).getByText('Cancel')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(dialog).getByText('Close open copies now'));
    });
    const sent = calls.find((call) => call.url.startsWith('/api/copyTrade/relation/unfollow'));
    expect(sent?.init.method).toBe('POST');
    expect(String(sent?.init.body)).toBe('relationId=31&closePositions=1');
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const outcome = await screen.findByTestId('unfollow-outcome');
    expect(within(outcome).getByTestId('unfollow-closed').textContent).toBe('Closed now: 1');
    expect(within(outcome).getByTestId('unfollow-not-closed').textContent).toBe(
      "#88 The trader's price was too old to copy at",
    );
  });

  it('keeps the open copies when asked to', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    const { calls } = serve({
      '/api/copyTrade/trader/followedList': () => ok({ rows: [relation()], total: 1 }),
      '/api/copyTrade/relation/unfollow': () =>
        ok({ data: { ...relation({ status: 1 }), closedCount: 0, keptCount: 2, notClosed: [] } }),
    });
    renderScreen(<CopyTradingScreen />, `${PATH}?tab=following`);
    fireEvent.click(await screen.findByTestId('relation-unfollow'));
    const dialog = await lastDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByText('Keep them as my positions'));
    });
    const sent = calls.find((call) => call.url.startsWith('/api/copyTrade/relation/unfollow'));
    expect(String(sent?.init.body)).toBe('relationId=31&closePositions=0');
    expect((await screen.findByTestId('unfollow-kept')).textContent).toBe('Kept as your own positions: 2');
  });

  it('explains publishing before opting in, and shows my record while publishing', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: testUser(0) });
    let publishing = false;
    const { calls } = serve({
      '/api/copyTrade/trader/followedList': () => ok({ rows: [], total: 0 }),
      '/api/copyTrade/trader/mine': () =>
        ok({ data: publishing ? trader({ nickName: 'Lead', isSelf: true, followerCount: 3 }) : null }),
      '/api/copyTrade/trader/apply': () => {
        publishing = true;
        return ok({ data: trader({ nickName: 'Lead', isSelf: true, followerCount: 3 }) });
      },
    });
    renderScreen(<CopyTradingScreen />, `${PATH}?tab=following`);
    const card = await screen.findByTestId('publish-card');
    expect(card.dataset.state).toBe('none');
    expect(plain(card.textContent)).toContain('You receive 10% of each follower’s net realized profit');
    expect(card.textContent).toContain('is public');
    await act(async () => {
      fireEvent.click(within(card).getByTestId('publish-start'));
    });
    expect(calls.some((call) => call.url.startsWith('/api/copyTrade/trader/apply'))).toBe(true);
    await waitFor(() => expect(screen.getByTestId('publish-card').dataset.state).toBe('active'));
    expect(screen.getByTestId('fig-mine-followers').textContent).toBe('3');
    expect(screen.getByTestId('mine-return30d').textContent).toBe('+12.34%');
    expect(screen.getByTestId('publish-stop')).toBeTruthy();
  });

  it('asks a visitor to log in to see their follows', async () => {
    const { calls } = serve({});
    renderScreen(<CopyTradingScreen />, `${PATH}?tab=following`);
    expect(await screen.findByTestId('login-prompt')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/copyTrade/trader/followedList'))).toBe(false);
  });
});
