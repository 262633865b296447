// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRequestEffects } from '../../../shared/api/request-effects';
import { useSessionStore } from '../../../shared/store/session';
import { showToast } from '../../../shared/ui/toast';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render-screen';
import { resetAppState } from '../../../test/reset-app-state';
import { testUser } from '../../../test/test-user';
import RewardScreens from './RewardScreens';

vi.mock('../../../shared/ui/toast', () => ({ showToast: vi.fn(), loadToast: vi.fn() }));

const user = (accountType: number) => testUser(accountType);

const CLAIM_TIME = new Date(2026, 2, 14, 9, 30).getTime();

const task = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  title: 'First deposit bonus',
  description: 'Make your first deposit and receive 5 USDT.',
  condition: 'first_deposit',
  threshold: 1,
  progress: 0,
  amount: '5',
  currencyId: 3,
  currencyName: 'USDT',
  state: 0,
  claimTime: null,
  ...overrides,
});

const TASKS = [
  task(),
  task({ id: 2, title: 'Verify your identity', condition: 'identity_basic', amount: '3', progress: 1, state: 1 }),
  task({
    id: 3,
    title: 'First trade',
    condition: 'first_trade',
    amount: '2',
    progress: 1,
    state: 2,
    claimTime: CLAIM_TIME,
  }),
  task({
    id: 4,
    title: 'Invite three friends',
    condition: 'invited_depositors',
    threshold: 3,
    progress: 1,
    amount: '10',
  }),
  task({ id: 5, title: 'Advanced', condition: 'identity_advanced', amount: '4', progress: 1, state: 3 }),
];

const record = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  taskId: 3,
  title: 'First trade',
  amount: '2',
  currencyName: 'USDT',
  entryId: 901,
  createTime: CLAIM_TIME,
  ...overrides,
});

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
        ],
        total: 1,
      });
    }
    return jsonResponse({ code: 500, msg: 'error.not_found' });
  });
}

/** Text without the invisible marks that keep numbers left to right inside sentences. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

beforeEach(() => {
  resetAppState();
  setRequestEffects({ toast: () => undefined });
  vi.mocked(showToast).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('welfare (the tasks)', () => {
  it('shows each task’s amount formatted, and a button by state', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({
      '/api/reward/tasks': () => ok({ data: TASKS }),
      '/api/reward/records': () => ok({ rows: [record()], total: 1 }),
    });
    const { router } = renderScreen(<RewardScreens />, '/pages/user/welfare', {
      stubPaths: ['/pages/user/recharge', '/pages/user/award'],
    });
    const locked = await screen.findByTestId('reward-task-1');
    expect(locked.dataset.state).toBe('locked');
    expect(within(locked).getByTestId('task-amount').textContent).toBe('+5.00 USDT');
    expect(within(locked).getByTestId('task-go').textContent).toBe('Deposit now');

    const claimable = screen.getByTestId('reward-task-2');
    expect((within(claimable).getByTestId('task-claim') as HTMLButtonElement).disabled).toBe(false);
    expect(within(claimable).getByTestId('task-claim').textContent).toBe('Claim');

    const claimed = screen.getByTestId('reward-task-3');
    expect(within(claimed).getByTestId('task-claimed').textContent).toBe('Claimed');
    expect(plain(within(claimed).getByTestId('task-claimed-time').textContent)).toBe('Claimed on 2026-03-14 09:30');
    expect(within(claimed).queryByRole('button')).toBeNull();

    const invite = screen.getByTestId('reward-task-4');
    expect(within(invite).getByTestId('task-progress').textContent).toBe('1 of 3 friends');
    expect(within(invite).getByRole('meter').getAttribute('aria-valuenow')).toBe('1');
    expect(within(invite).getByTestId('task-go').textContent).toBe('Invite friends');

    const exhausted = screen.getByTestId('reward-task-5');
    expect(within(exhausted).getByTestId('task-budget-note').textContent).toBe('The reward budget is used up for now');
    expect((within(exhausted).getByTestId('task-claim') as HTMLButtonElement).disabled).toBe(true);

    // The head: what was earned so far, from the records, by the display rules.
    await waitFor(() => expect(screen.getByTestId('reward-earned-total').textContent).toBe('2.00 USDT'));
    expect(screen.getByTestId('reward-earned').textContent).toContain(
      'Rewards are paid from the platform’s reward budget into your balance.',
    );
    expect(document.body.textContent).not.toMatch(/\d\.\d{8}/);

    fireEvent.click(within(locked).getByTestId('task-go'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/recharge'));
  });

  it('sends each unmet task where it can be done', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({
      '/api/reward/tasks': () =>
        ok({ data: [task({ id: 9, condition: 'identity_advanced' }), task({ id: 8, condition: 'first_trade' })] }),
      '/api/reward/records': () => ok({ rows: [], total: 0 }),
    });
    const { router } = renderScreen(<RewardScreens />, '/pages/user/welfare', {
      stubPaths: ['/pages/user/authentication1', '/pages/quoteDetail/quoteDetail'],
    });
    fireEvent.click(within(await screen.findByTestId('reward-task-9')).getByTestId('task-go'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/authentication1'));
    await act(() => router.navigate('/pages/user/welfare'));
    fireEvent.click(within(await screen.findByTestId('reward-task-8')).getByTestId('task-go'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/quoteDetail/quoteDetail'));
  });

  it('claims with the task id and an Idempotency-Key, then shows the card claimed and says what was added', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    let claimedNow = false;
    const claimedView = task({
      id: 2,
      title: 'Verify your identity',
      condition: 'identity_basic',
      amount: '3',
      progress: 1,
      state: 2,
      claimTime: CLAIM_TIME,
    });
    const { calls } = serve({
      '/api/reward/tasks': () => ok({ data: claimedNow ? [claimedView] : [TASKS[1]] }),
      '/api/reward/records': () =>
        ok(claimedNow ? { rows: [record({ id: 32, taskId: 2, amount: '3' })], total: 1 } : { rows: [], total: 0 }),
      '/api/reward/claim': () => {
        claimedNow = true;
        return ok({ data: claimedView });
      },
    });
    renderScreen(<RewardScreens />, '/pages/user/welfare');
    const card = await screen.findByTestId('reward-task-2');
    expect(await screen.findByText('Nothing yet')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(card).getByTestId('task-claim'));
    });
    const sent = calls.find((call) => call.url.startsWith('/api/reward/claim'));
    expect(sent?.init.method).toBe('POST');
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(sent?.init.body)).toBe('taskId=2');
    await waitFor(() => expect(screen.getByTestId('reward-task-2').dataset.state).toBe('claimed'));
    expect(within(screen.getByTestId('reward-task-2')).getByTestId('task-claimed').textContent).toBe('Claimed');
    expect(vi.mocked(showToast)).toHaveBeenCalledTimes(1);
    expect(plain(String(vi.mocked(showToast).mock.calls[0]?.[0].content))).toBe('+3.00 USDT added to your balance');
    // The balances, the statement and what was earned refresh.
    await waitFor(() => expect(screen.getByTestId('reward-earned-total').textContent).toBe('3.00 USDT'));
  });

  it('shows the tasks to a logged-out visitor with the way to log in and back', async () => {
    const { calls } = serve({
      '/api/reward/tasks': () =>
        ok({ data: [task(), task({ id: 4, condition: 'invited_depositors', threshold: 3, progress: 0 })] }),
    });
    const { router } = renderScreen(<RewardScreens />, '/pages/user/welfare', { stubPaths: ['/pages/user/login'] });
    const card = await screen.findByTestId('reward-task-1');
    expect(within(card).getByTestId('task-login').textContent).toBe('Log in to claim');
    expect(within(card).queryByTestId('task-go')).toBeNull();
    expect(screen.queryByTestId('reward-earned-total')).toBeNull();
    // Nobody's progress: no bar at zero.
    expect(within(screen.getByTestId('reward-task-4')).queryByTestId('task-progress')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/reward/records'))).toBe(false);
    fireEvent.click(within(card).getByTestId('task-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/pages/user/welfare');
  });

  it('tells a demo session rewards belong to the live account, shows the tasks and offers no claim', async () => {
    useSessionStore.setState({ token: 'demo', userInfo: user(2) });
    const { calls } = serve({ '/api/reward/tasks': () => ok({ data: [task()] }) });
    renderScreen(<RewardScreens />, '/pages/user/welfare');
    expect((await screen.findByTestId('reward-demo-notice')).textContent).toContain('belong to your live account');
    const card = await screen.findByTestId('reward-task-1');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/reward/records'))).toBe(false);
  });

  it('leads to what was earned', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({
      '/api/reward/tasks': () => ok({ data: [] }),
      '/api/reward/records': () => ok({ rows: [], total: 0 }),
    });
    const { router } = renderScreen(<RewardScreens />, '/pages/user/welfare', { stubPaths: ['/pages/user/award'] });
    expect(await screen.findByText('There are no reward tasks right now')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reward-see-records'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/award'));
  });
});

describe('award (what was earned)', () => {
  it('lists the rewards with their amounts formatted and loads more', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    const { calls } = serve({
      '/api/reward/records': (url) =>
        url.includes('pageNum=2')
          ? ok({ rows: [record({ id: 30, title: 'First deposit bonus', amount: '5' })], total: 2 })
          : ok({ rows: [record({ amount: '1234.5' })], total: 2 }),
    });
    renderScreen(<RewardScreens />, '/pages/user/award');
    const first = await screen.findByTestId('reward-record');
    expect(within(first).getByTestId('record-title').textContent).toBe('First trade');
    expect(within(first).getByTestId('record-amount').textContent).toBe('+1,234.50 USDT');
    expect(within(first).getByTestId('record-time').textContent).toBe('2026-03-14 09:30');
    fireEvent.click(screen.getByText('Load more'));
    await waitFor(() => expect(screen.getAllByTestId('reward-record')).toHaveLength(2));
    expect(within(screen.getAllByTestId('reward-record')[1]!).getByTestId('record-amount').textContent).toBe(
      '+5.00 USDT',
    );
    expect(calls.some((call) => call.url.includes('pageNum=2'))).toBe(true);
  });

  it('shows the way to the tasks when nothing was earned yet', async () => {
    useSessionStore.setState({ token: 'tok', userInfo: user(0) });
    serve({ '/api/reward/records': () => ok({ rows: [], total: 0 }) });
    const { router } = renderScreen(<RewardScreens />, '/pages/user/award', { stubPaths: ['/pages/user/welfare'] });
    expect(await screen.findByText('You have not earned any rewards yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('award-see-tasks'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/welfare'));
  });

  it('sends a logged-out customer to login and back here afterwards', async () => {
    serve({});
    const { router } = renderScreen(<RewardScreens />, '/pages/user/award', { stubPaths: ['/pages/user/login'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/pages/user/award');
  });

  it('tells a demo session rewards belong to the live account, without asking for them', async () => {
    useSessionStore.setState({ token: 'demo', userInfo: user(2) });
    const { calls } = serve({});
    renderScreen(<RewardScreens />, '/pages/user/award');
    expect(await screen.findByTestId('reward-demo-notice')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/reward/'))).toBe(false);
  });
});
